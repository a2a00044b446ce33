import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { localizedName } from "#contract/localized";
import { LOCATION_MOVES, LOCATION_SORTS, LOCATION_USES } from "#modules/location/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ListPage, RowLink } from "~/components/list-page";
import { ChoiceFilter, SearchFilter } from "~/components/list-filters";
import { MoveButtons } from "~/components/move-buttons";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, refusalToast, requireStore } from "~/server/auth.server";
import { httpError } from "~/server/errors.server";
import { loadList } from "~/server/list-page.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";

const LIST_URL = "/location-list";

const USE_FILTERS = ["all", ...LOCATION_USES] as const;

export const handle: RouteHandle = { i18n: ["location"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "location:read");
  const { list, query, rows } = await loadList(
    {
      action: "get_location_data_and_total_number_by_sorting_and_limit",
      ns: "location",
      sorts: LOCATION_SORTS,
      filters: { use: USE_FILTERS },
      payload: (query) => ({ use: query.use === "all" ? undefined : query.use }),
    },
    client,
    request,
    { application_key: store.applicationKey },
  );
  // Moves swap neighbours in the whole fulfilment order, so they are offered only where the page shows it.
  const inOrder = query.sort === "position" && query.direction === "DESC" && !list.filtered;
  const first = (query.page - 1) * query.pageSize;
  const uses = new Intl.ListFormat(context.locale, { style: "narrow", type: "unit" });
  return {
    title: context.t("location:title.list"),
    locations: rows.map((location, index) => ({
      id: location.id,
      name: localizedName(location, context.locale, "name"),
      address: (context.locale === "en" && location.address_en) || location.address_zh_hk || location.address_en,
      uses: uses.format(
        LOCATION_USES.filter(
          (use) =>
            ({
              counter: location.sells_at_counter,
              online: location.ships_online_orders,
              pickup: location.is_pickup_point,
            })[use],
        ).map((use) => context.t(`location:use.${use}`)),
      ),
      up: first + index > 0,
      down: query.page < list.pageCount || index < rows.length - 1,
    })),
    list,
    canMove: inOrder && can(user, "location:write"),
    canWrite: can(user, "location:write"),
  };
}

/** A move button's post: the move is made, or refused with a toast (nowhere to go, or moved meanwhile). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "location:write");
  const form = await request.formData();
  const id = Number(form.get("id"));
  const move = LOCATION_MOVES.find((value) => value === form.get("move"));
  if (!Number.isSafeInteger(id) || id <= 0 || !move) throw httpError(400, "bad-request");
  const back = `${LIST_URL}${new URL(request.url).search}`;
  try {
    await client.update_location_position_data_by_application_key_and_id({
      application_key: store.applicationKey,
      id,
      move,
    });
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    return redirectWithToast(back, refusalToast(error.messageKey), request, context);
  }
  return redirectWithToast(back, { tone: "success", message: "location:moved" }, request, context);
}

export default function LocationList() {
  const { t } = useTranslation(["location", "common"]);
  const { title, locations, canMove, canWrite } = useLoaderData<typeof loader>();
  return (
    <ListPage
      title={title}
      primaryAction={canWrite ? { content: t("add-location"), url: `${LIST_URL}/add` } : undefined}
      before={
        <Text as="p" tone="subdued">
          {t("help.order")}
        </Text>
      }
      filters={
        <>
          <SearchFilter placeholder={t("search-placeholder")} />
          <ChoiceFilter
            name="use"
            label={t("use.label")}
            choices={USE_FILTERS}
            all={t("use.all")}
            choiceLabel={(use) => t(`use.${use}`)}
          />
        </>
      }
      resourceName={{ singular: t("location"), plural: t("locations") }}
      emptyText={t("no-locations")}
      columns={[
        {
          title: t("column.name"),
          cell: (location) => <RowLink url={`${LIST_URL}/${location.id}`}>{location.name}</RowLink>,
        },
        { title: t("column.address"), cell: (location) => location.address },
        { title: t("column.uses"), cell: (location) => location.uses },
        ...(canMove
          ? [
              {
                title: t("column.move"),
                cell: (location: (typeof locations)[number]) => (
                  <MoveButtons
                    id={location.id}
                    moves={[
                      { move: "up", label: t("move-up", { name: location.name }), enabled: location.up },
                      { move: "down", label: t("move-down", { name: location.name }), enabled: location.down },
                    ]}
                  />
                ),
              },
            ]
          : []),
      ]}
      rows={locations}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
