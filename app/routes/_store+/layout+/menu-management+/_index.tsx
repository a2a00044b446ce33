import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { MAX_MENU_DEPTH, MENU_MOVES } from "#modules/site-menu/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, refusalToast, requireStore } from "~/server/auth.server";
import { asRouteError, httpError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { MoveButtons } from "~/components/move-buttons";
import { LinkSummary } from "../__layout-parts";
import { itemLabel, LIST_URL } from "./__menu-item-form";

export const handle: RouteHandle = { i18n: ["site-menu"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:read");
  const { data } = await client
    .get_menu_item_data_list_by_application_key({ application_key: store.applicationKey })
    .catch(asRouteError);
  // The items come in tree order: an item's descendants are the `descendant_count` items after it.
  const items = data.items.map((item, index) => {
    const subtree = data.items.slice(index, index + item.descendant_count + 1);
    const siblings = data.items.filter((other) => other.parent_id === item.parent_id);
    const at = siblings.indexOf(item);
    return {
      id: item.id,
      parentId: item.parent_id,
      depth: item.depth,
      label: itemLabel(item, context.locale),
      link: item.link,
      moves: {
        up: at > 0,
        down: at < siblings.length - 1,
        in: at > 0 && Math.max(...subtree.map((each) => each.depth)) < MAX_MENU_DEPTH,
        out: item.parent_id !== null,
      },
    };
  });
  return {
    title: context.t("site-menu:title.list"),
    menuVersion: data.menu_version,
    items,
    canWrite: can(user, "layout:write"),
  };
}

const moveForm = z.object({
  id: z.coerce.number().int().positive(),
  move: z.enum(MENU_MOVES),
  menu_version: z.coerce.number().int().min(0),
});

/** A move button's post: the move is made, or refused with a toast (the menu changed, nowhere to go, too deep). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:write");
  const posted = moveForm.safeParse(Object.fromEntries(await request.formData()));
  if (!posted.success) throw httpError(400, "bad-request");
  try {
    await client.update_menu_item_position_data_by_application_key_and_id({
      application_key: store.applicationKey,
      ...posted.data,
    });
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    return redirectWithToast(LIST_URL, refusalToast(error.messageKey), request, context);
  }
  return redirectWithToast(LIST_URL, { tone: "success", message: "site-menu:moved" }, request, context);
}

type Item = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

function MenuTree({ items, parentId }: { items: Item[]; parentId: number | null }) {
  const { t } = useTranslation(["site-menu", "common"]);
  const { menuVersion, canWrite } = useLoaderData<typeof loader>();
  const level = items.filter((item) => item.parentId === parentId);
  if (level.length === 0) return null;
  return (
    <ol className="layout-list">
      {level.map((item) => (
        <li key={item.id}>
          <Box
            paddingBlock="300"
            paddingInlineEnd="400"
            paddingInlineStart={item.depth === 1 ? "400" : item.depth === 2 ? "1000" : "1600"}
            borderBlockEndWidth="025"
            borderColor="border"
          >
            <InlineStack gap="300" blockAlign="center" align="space-between">
              <BlockStack gap="100">
                <Link url={`${LIST_URL}/${item.id}`} removeUnderline>
                  <Text as="span" fontWeight="semibold" breakWord>
                    {item.label}
                  </Text>
                </Link>
                <InlineStack gap="200" blockAlign="center">
                  <Text as="span" tone="subdued">
                    {t("level", { depth: item.depth })}
                  </Text>
                  <LinkSummary link={item.link} />
                </InlineStack>
              </BlockStack>
              {canWrite && (
                <InlineStack gap="200" blockAlign="center">
                  {item.depth < MAX_MENU_DEPTH && (
                    <Button
                      url={`${LIST_URL}/add?parent=${item.id}`}
                      size="slim"
                      accessibilityLabel={t("add-child", { name: item.label })}
                    >
                      {t("add-child-short")}
                    </Button>
                  )}
                  <MoveButtons
                    id={item.id}
                    version={{ name: "menu_version", value: menuVersion }}
                    // Only the moves the item can make: a large menu renders hundreds of these.
                    moves={MENU_MOVES.filter((move) => item.moves[move]).map((move) => ({
                      move,
                      label: t(`move.${move}`, { name: item.label }),
                      enabled: true,
                    }))}
                  />
                </InlineStack>
              )}
            </InlineStack>
          </Box>
          <MenuTree items={items} parentId={item.id} />
        </li>
      ))}
    </ol>
  );
}

export default function MenuManagement() {
  const { t } = useTranslation(["site-menu", "common"]);
  const { title, items, canWrite } = useLoaderData<typeof loader>();
  return (
    <Page title={title} primaryAction={canWrite ? { content: t("add-item"), url: `${LIST_URL}/add` } : undefined}>
      <BlockStack gap="400">
        <Text as="p" tone="subdued">
          {t("intro")}
        </Text>
        <Card padding="0">
          {items.length === 0 ? (
            <Box padding="400">
              <Text as="p">{t("no-items")}</Text>
            </Box>
          ) : (
            <MenuTree items={items} parentId={null} />
          )}
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
