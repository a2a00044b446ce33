import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Link } from "@shopify/polaris/build/esm/components/Link/Link.js";
import { Page } from "@shopify/polaris/build/esm/components/Page/Page.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { hongKongTime } from "#contract/dates";
import { BANNER_MOVES } from "#modules/home-banner/contract";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import { ActionFailure } from "~/server/action-client.server";
import { redirectWithToast, refusalToast, requireStore } from "~/server/auth.server";
import { asRouteError, httpError } from "~/server/errors.server";
import { can, requireCan } from "~/server/permissions.server";
import type { RouteHandle } from "~/utils/handle";
import { titleMeta } from "~/utils/meta";
import { MoveButtons } from "~/components/move-buttons";
import { LinkSummary } from "../__layout-parts";
import { bannerName, LIST_URL } from "./__banner-form";

export const handle: RouteHandle = { i18n: ["home-banner"] };
export const meta = titleMeta;

type Status = "showing" | "scheduled" | "ended" | "hidden";
const STATUS_TONES = { showing: "success", scheduled: "info", ended: undefined, hidden: undefined } as const;

/** What the store website shows of the slide now (the same rule as the website's read). */
function statusAt(banner: { publish: boolean; start_at: string | null; end_at: string | null }, now: string): Status {
  if (!banner.publish) return "hidden";
  if (banner.start_at && now < banner.start_at) return "scheduled";
  if (banner.end_at && now >= banner.end_at) return "ended";
  return "showing";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:read");
  const { data } = await client
    .get_home_banner_data_list_by_application_key({ application_key: store.applicationKey })
    .catch(asRouteError);
  const now = new Date().toISOString();
  return {
    title: context.t("home-banner:title.list"),
    listVersion: data.list_version,
    banners: data.banners.map((banner) => ({
      id: banner.id,
      name: bannerName(banner, context.locale),
      image: banner.desktop_image_url,
      alt: context.locale === "en" && banner.alt_en ? banner.alt_en : banner.alt_zh_hk,
      link: banner.link,
      start: banner.start_at && hongKongTime(banner.start_at),
      end: banner.end_at && hongKongTime(banner.end_at),
      status: statusAt(banner, now),
    })),
    canWrite: can(user, "layout:write"),
  };
}

const moveForm = z.object({
  id: z.coerce.number().int().positive(),
  move: z.enum(BANNER_MOVES),
  list_version: z.coerce.number().int().min(0),
});

/** A move button's post: the move is made, or refused with a toast (the list changed, or nowhere to go). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, store, client } = await requireStore(request, context);
  requireCan(user, "layout:write");
  const posted = moveForm.safeParse(Object.fromEntries(await request.formData()));
  if (!posted.success) throw httpError(400, "bad-request");
  try {
    await client.update_home_banner_position_data_by_application_key_and_id({
      application_key: store.applicationKey,
      ...posted.data,
    });
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    return redirectWithToast(LIST_URL, refusalToast(error.messageKey), request, context);
  }
  return redirectWithToast(LIST_URL, { tone: "success", message: "home-banner:moved" }, request, context);
}

export default function BannerList() {
  const { t } = useTranslation(["home-banner", "common"]);
  const { title, listVersion, banners, canWrite } = useLoaderData<typeof loader>();
  const windowText = (start: string | null, end: string | null) =>
    start && end
      ? t("window.between", { start, end })
      : start
        ? t("window.from", { start })
        : end
          ? t("window.until", { end })
          : t("window.always");
  return (
    <Page title={title} primaryAction={canWrite ? { content: t("add-slide"), url: `${LIST_URL}/add` } : undefined}>
      <BlockStack gap="400">
        <Text as="p" tone="subdued">
          {t("intro")}
        </Text>
        <Card padding="0">
          {banners.length === 0 ? (
            <Box padding="400">
              <Text as="p">{t("no-slides")}</Text>
            </Box>
          ) : (
            <ol className="layout-list" aria-label={title}>
              {banners.map((banner, index) => (
                <li key={banner.id}>
                  <Box padding="400" borderBlockEndWidth="025" borderColor="border">
                    <InlineStack gap="400" blockAlign="center" align="space-between">
                      <InlineStack gap="400" blockAlign="center" wrap={false}>
                        <img
                          src={banner.image}
                          alt={banner.alt}
                          width={120}
                          height={63}
                          style={{ objectFit: "cover", borderRadius: "var(--p-border-radius-200)", flexShrink: 0 }}
                        />
                        <BlockStack gap="100">
                          <Link url={`${LIST_URL}/${banner.id}`} removeUnderline>
                            <Text as="span" fontWeight="semibold" breakWord>
                              {banner.name}
                            </Text>
                          </Link>
                          <InlineStack gap="200" blockAlign="center">
                            <StatusBadge tone={STATUS_TONES[banner.status]}>{t(`status.${banner.status}`)}</StatusBadge>
                            <Text as="span" tone="subdued">
                              {windowText(banner.start, banner.end)}
                            </Text>
                          </InlineStack>
                          <LinkSummary link={banner.link} />
                        </BlockStack>
                      </InlineStack>
                      {canWrite && (
                        <MoveButtons
                          id={banner.id}
                          version={{ name: "list_version", value: listVersion }}
                          moves={[
                            { move: "up", label: t("move-up", { name: banner.name }), enabled: index > 0 },
                            {
                              move: "down",
                              label: t("move-down", { name: banner.name }),
                              enabled: index < banners.length - 1,
                            },
                          ]}
                        />
                      )}
                    </InlineStack>
                  </Box>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
