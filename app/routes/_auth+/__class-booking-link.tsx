import type { SerializeFrom } from "@remix-run/cloudflare";
import { Form } from "@remix-run/react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/utils/messages";
import { BookingLinkPage, CancelCard, LinkRefusal } from "./__booking-link-page";
import type { classLinkAction, classLinkLoader } from "./__class-booking-link.server";

type Loaded = SerializeFrom<typeof classLinkLoader>;
type Sent = SerializeFrom<typeof classLinkAction> | undefined;

/**
 * The member's page of their class booking: the class, its time, coach and place, the credits it used, and while
 * it is open a move to another class of its course with a place (radio buttons, one form) and a cancel with a
 * confirmation box saying whether the credits come back. Works without scripts, one column a phone's width.
 */
export function ClassBookingLink({
  page,
  done,
  sent,
}: {
  page: NonNullable<Loaded["page"]>;
  done: Loaded["done"];
  sent: Sent;
}) {
  const { t } = useTranslation(["course-booking", "message"]);
  const refusalOf = (intent: "cancel" | "move") =>
    sent?.intent === intent ? (sent.local ? t(`link.refused.${sent.local}`) : translateMessage(t, sent.message)) : null;
  const note =
    page.status !== "booked"
      ? null
      : page.can_move
        ? t("link.change-until", { time: page.refundUntil, hours: page.cancel_hours })
        : page.can_cancel
          ? t("link.late", { hours: page.cancel_hours })
          : t("link.change-closed");
  return (
    <BookingLinkPage
      store={page.store}
      heading={t("link.heading", { number: page.id })}
      done={done ? t(`link.done.${done}`) : null}
      note={note}
      facts={
        <>
          <dt>{t("link.class")}</dt>
          <dd>{page.courseName}</dd>
          <dt>{t("field.time")}</dt>
          <dd>{page.time}</dd>
          <dt>{t("field.coach")}</dt>
          <dd>{page.coachName}</dd>
          {page.location !== "" && (
            <>
              <dt>{t("field.location")}</dt>
              <dd>{page.location}</dd>
            </>
          )}
          <dt>{t("link.credits-used")}</dt>
          <dd>{page.credits_spent}</dd>
          {page.status === "cancelled" && (
            <>
              <dt>{t("link.credits-returned")}</dt>
              <dd>{page.credits_returned}</dd>
            </>
          )}
          <dt>{t("link.status-label")}</dt>
          <dd>{t(`link.status.${page.shownStatus}`)}</dd>
        </>
      }
    >
      {page.can_move && (
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t("link.move-title")}
            </Text>
            <LinkRefusal text={refusalOf("move")} />
            {page.choices.length === 0 ? (
              <Text as="p">{t("link.no-targets")}</Text>
            ) : (
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="move" />
                <BlockStack gap="300">
                  <fieldset className="booking-link__classes">
                    <legend>{t("link.targets", { course: page.courseName })}</legend>
                    {page.choices.map((choice) => (
                      <label key={choice.value}>
                        <input type="radio" name="session_id" value={choice.value} />
                        <span>
                          <span className="booking-link__class-time">
                            {t("link.target", { time: choice.time, coach: choice.coach })}
                          </span>
                          <Text as="span" tone="subdued">
                            {[choice.location, t("link.places-left", { count: choice.placesLeft })]
                              .filter(Boolean)
                              .join(" · ")}
                          </Text>
                        </span>
                      </label>
                    ))}
                  </fieldset>
                  <Button submit variant="primary" size="large" fullWidth>
                    {t("link.move")}
                  </Button>
                </BlockStack>
              </Form>
            )}
          </BlockStack>
        </Card>
      )}
      {page.can_cancel && (
        <CancelCard
          title={t("link.cancel-title")}
          refusal={refusalOf("cancel")}
          confirm={
            page.cancel_refunds
              ? t("link.confirm-cancel", { count: page.credits_spent })
              : t("link.confirm-cancel-late")
          }
          button={t("link.cancel")}
        />
      )}
    </BookingLinkPage>
  );
}
