import { Outlet, useLoaderData } from "@remix-run/react";
import { Shell, type ShellData } from "./shell";

/** The content layout of both the staff console and the store pages; their loaders supply `shell`. */
export function ContentLayout() {
  const { shell } = useLoaderData<{ shell: ShellData }>();
  return (
    <Shell data={shell}>
      <Outlet />
    </Shell>
  );
}

// The layout re-checks the session on every navigation, not only on full page loads.
export const revalidateAlways = () => true;
