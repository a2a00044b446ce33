import { useLoaderData } from "@remix-run/react";
import { Banner } from "@shopify/polaris/build/esm/components/Banner/Banner.js";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { useTranslation } from "react-i18next";
import { formatHkd } from "#contract/money";
import type { PosLoader } from "./pos";
import { PosForm, usePosForm } from "./__pos-form";

/**
 * The return the cart's sale is exchanged for (put there by the return page): the returned goods pay first,
 * the payments the rest; cancelling it leaves the sold order as it was.
 */
export function PosExchange() {
  const { t } = useTranslation("order");
  const { cart } = useLoaderData<PosLoader>();
  const { fetcher } = usePosForm("remove-exchange");
  const exchange = cart.exchange;
  if (!exchange) return null;
  return (
    <Banner tone="info">
      <BlockStack gap="200">
        <p>
          {t("pos-return.in-cart", {
            number: exchange.order_number ?? "",
            amount: formatHkd(exchange.returned_cents ?? 0),
          })}
        </p>
        <PosForm fetcher={fetcher} intent="remove-exchange">
          <Button submit variant="plain" tone="critical">
            {t("pos-return.remove")}
          </Button>
        </PosForm>
      </BlockStack>
    </Banner>
  );
}
