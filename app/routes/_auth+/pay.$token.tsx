import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { BlockStack } from "@shopify/polaris/build/esm/components/BlockStack/BlockStack.js";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineError } from "@shopify/polaris/build/esm/components/InlineError/InlineError.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { TextField } from "@shopify/polaris/build/esm/components/TextField/TextField.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import { hongKongTime } from "#contract/dates";
import { localizedLineName } from "#contract/localized";
import * as z from "zod";
import { hkdAsCents, optional } from "#contract/field-rules";
import { withValue } from "#contract/messages";
import { STORED_VALUE_METHODS } from "#contract/options";
import { giftCardCode } from "#modules/gift-card/contract";
import { centsToDollars, formatHkd } from "#contract/money";
import { DEFAULT_MAX_UPLOAD_MB, UPLOAD_SETS } from "#contract/upload-rules";
import { MAX_PROOF_IMAGES } from "#modules/checkout/contract";
import type { PayPage } from "#modules/pay/contract";
import { TRANSFER_PAYMENT_METHODS, type TransferPaymentMethod } from "#modules/pay/options";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ActionFailure } from "~/server/action-client.server";
import { fpsQrSvg } from "~/server/fps-qr.server";
import { chosenFiles, fileAsDataUrl } from "~/server/uploads.server";
import type { RouteHandle } from "~/utils/handle";
import { translateErrors, translateMessage } from "~/utils/messages";
import { translateUploadError } from "~/utils/uploads";
import payStyles from "~/styles/pay.css";
import { customerPageStylesheet, StoreContact, StoreHeader } from "~/components/customer-page";

/**
 * The customer's payment page (the signed link staff send, backend/pay-link.ts): no sign-in, the blank layout
 * with its language switch, phone first. What the link is for and its amount, the store's FPS QR code of that
 * amount and reference, each transfer method the store takes, and for an order or a credit order the proof of
 * payment, which a plain multipart form sends (the page ships no scripts). It shows nothing else of the store.
 */
export const handle: RouteHandle = { i18n: ["pay", "stores"], scriptless: true };
/** The store's page, not the back office's: its title names the store. */
export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);
export const links: LinksFunction = () => [customerPageStylesheet, { rel: "stylesheet", href: payStyles }];

const METHOD_FIELD = "payment_method";
const PROOF_FIELD = "proof_images";
/** The images of a refused post that passed the upload rules, sent back in the form so none is chosen twice. */
const KEPT_FIELD = "kept_proof_images";
const PROOF_TYPES = UPLOAD_SETS.image;

/** A link that opens nothing (400, 404) or has been opened too often this hour (429): the page says which. */
const isLinkRefusal = (error: unknown): error is ActionFailure =>
  error instanceof ActionFailure && [400, 404, 429].includes(error.status);

export async function loader({ params, context }: LoaderFunctionArgs) {
  try {
    const { data } = await context.actions().get_pay_data_by_token({ token: params.token ?? "" });
    const amount = formatHkd(data.amount_cents);
    const owed = formatHkd(data.owed_cents);
    return {
      title: `${context.t(`pay:for.${data.kind}`, { number: data.number })} · ${data.store.name}`,
      page: {
        ...data,
        amount,
        lines: data.lines.map((line) => ({
          name: localizedLineName(line, context.locale),
          quantity: line.quantity,
          amount: formatHkd(line.amount_cents),
        })),
        period: data.period && {
          from: data.kind === "rental" ? hongKongTime(data.period.from) : data.period.from,
          to: data.kind === "rental" ? hongKongTime(data.period.to) : data.period.to,
        },
        owed,
        owedDollars: centsToDollars(data.owed_cents),
        storedValuePaid: data.stored_value_paid.map((paid) => ({
          method: paid.method,
          amount: formatHkd(-paid.amount_cents),
        })),
        storeCredit: data.store_credit_cents === null ? null : formatHkd(data.store_credit_cents),
        fpsSvg: data.fps_qr && fpsQrSvg(data.fps_qr.payload, context.t("pay:fps.label", { amount: owed })),
      },
      refusal: null,
    };
  } catch (error) {
    if (!isLinkRefusal(error)) throw error;
    return json(
      { title: context.t("pay:title"), page: null, refusal: error.messageKey },
      { status: error.status === 429 ? 429 : 404 },
    );
  }
}

interface ProofRefusal {
  /** The method chosen, kept for the form sent back. */
  method: string;
  fields: { [METHOD_FIELD]?: string[]; [PROOF_FIELD]?: string[] };
  /** Each chosen file the upload rules refused, by its name. */
  files: { name: string; error: string }[];
  /** The images that passed, as data URLs: the backend checks them again when they come back. */
  kept: { name: string; dataUrl: string }[];
  message: string | null;
}

const isTransferMethod = (value: string): value is TransferPaymentMethod =>
  (TRANSFER_PAYMENT_METHODS as readonly string[]).includes(value);

/**
 * The proof: its files checked here against the upload rules (each refused one named beside the field), then
 * sent as data URLs with the method; sent, the page shows the proof received. A browser never lets a page fill
 * a file input again, so a refused post sends the images that passed back in the form (with the method chosen),
 * and the customer adds only what was refused.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("intent") === STORED_VALUE_INTENT) return payByStoredValue(form, params.token ?? "", request, context);
  const method = String(form.get(METHOD_FIELD) ?? "");
  const files = chosenFiles(form.getAll(PROOF_FIELD));
  const kept = keptImages(form.getAll(KEPT_FIELD));
  const refusal: ProofRefusal = { method, fields: {}, files: [], kept, message: null };
  if (!isTransferMethod(method)) refusal.fields[METHOD_FIELD] = ["force-input"];
  const count = files.length + kept.length;
  if (count === 0) refusal.fields[PROOF_FIELD] = ["force-input"];
  if (count > MAX_PROOF_IMAGES) refusal.fields[PROOF_FIELD] = [withValue("max-files", MAX_PROOF_IMAGES)];
  for (const file of files.slice(0, MAX_PROOF_IMAGES)) {
    const outcome = await fileAsDataUrl(file, { accept: "image" });
    if (outcome.ok) refusal.kept.push({ name: file.name, dataUrl: outcome.dataUrl });
    else refusal.files.push({ name: file.name, error: outcome.error });
  }
  const images = refusal.kept.map((image) => image.dataUrl);
  const refused = Object.keys(refusal.fields).length > 0 || refusal.files.length > 0;
  if (refused || !isTransferMethod(method)) return json({ proof: refusal }, { status: 400 });
  try {
    await context
      .actions()
      .update_pay_proof_data_by_token({ token: params.token ?? "", payment_method: method, proof_images: images });
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    const fields = error.fields ?? {};
    return json(
      {
        proof: {
          ...refusal,
          fields: { [METHOD_FIELD]: fields[METHOD_FIELD], [PROOF_FIELD]: fields[PROOF_FIELD] },
          message: error.fields ? null : error.messageKey,
        },
      },
      { status: error.status },
    );
  }
  return redirect(new URL(request.url).pathname);
}

const STORED_VALUE_INTENT = "stored-value";
const storedValueForm = z.object({
  method: z.enum(STORED_VALUE_METHODS),
  gift_card_code: optional(giftCardCode),
  amount: optional(hkdAsCents().refine((cents) => cents > 0, { error: withValue("minimum-number", 0) })),
});

interface StoredValueRefusal {
  /** What was typed, kept in the form sent back. */
  method: string;
  code: string;
  amount: string;
  fields: { gift_card_code?: string[]; amount?: string[] };
  message: string | null;
}

/** A gift card's or the store credit's payment: checked here, then by the backend; refused, the form comes back as typed. */
async function payByStoredValue(
  form: FormData,
  token: string,
  request: Request,
  context: ActionFunctionArgs["context"],
) {
  const typed = {
    method: String(form.get("method") ?? ""),
    code: String(form.get("gift_card_code") ?? ""),
    amount: String(form.get("amount") ?? ""),
  };
  const refused = (status: number, fields: StoredValueRefusal["fields"], message: string | null = null) =>
    json({ storedValue: { ...typed, fields, message } }, { status });
  const parsed = storedValueForm.safeParse({
    method: typed.method,
    gift_card_code: typed.method === "gift_card" ? typed.code : undefined,
    amount: typed.amount,
  });
  if (!parsed.success) {
    const fields: StoredValueRefusal["fields"] = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] === "amount" ? "amount" : "gift_card_code";
      fields[name] = [issue.message];
    }
    return refused(400, fields);
  }
  const { method, gift_card_code, amount } = parsed.data;
  if (method === "gift_card" && !gift_card_code) return refused(400, { gift_card_code: ["force-input"] });
  try {
    await context.actions().add_pay_stored_value_data({ token, method, gift_card_code, amount_cents: amount });
  } catch (error) {
    if (!(error instanceof ActionFailure)) throw error;
    const fields = error.fields ?? {};
    const known = { gift_card_code: fields.gift_card_code, amount: fields.amount_cents };
    const placed = Boolean(known.gift_card_code || known.amount);
    return refused(error.status, known, placed ? null : (fields.method?.[0] ?? error.messageKey));
  }
  return redirect(new URL(request.url).pathname);
}

/** Kept images as the form sends them back: the name, `|`, the data URL (which has no `|`); an image's or nothing. */
function keptImages(values: FormDataEntryValue[]): ProofRefusal["kept"] {
  return values.flatMap((value) => {
    if (typeof value !== "string") return [];
    const cut = value.lastIndexOf("|");
    const dataUrl = value.slice(cut + 1);
    return cut > 0 && dataUrl.startsWith("data:image/") ? [{ name: value.slice(0, cut), dataUrl }] : [];
  });
}

export default function PayLinkPage() {
  const { t, i18n } = useTranslation(["pay", "message"]);
  const { page, refusal } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  const proofRefusal = sent && "proof" in sent ? sent.proof : undefined;
  const storedValueRefusal = sent && "storedValue" in sent ? sent.storedValue : undefined;
  if (page === null) {
    return (
      <Card>
        <BlockStack gap="200">
          <Text as="h1" variant="headingLg">
            {t("title")}
          </Text>
          <p role="alert">{translateMessage(t, refusal ?? "pay-link-invalid")}</p>
        </BlockStack>
      </Card>
    );
  }
  const english = i18n.language === "en";
  const toPay = page.status === "awaiting_payment";
  return (
    <div className="customer-page pay-page">
      <StoreHeader store={page.store} />
      <Box background="bg-surface" padding="400" borderRadius="300" shadow="200">
        <BlockStack gap="300">
          <Text as="h1" variant="headingLg">
            {t(`for.${page.kind}`, { number: page.number })}
          </Text>
          {page.period && (
            <Text as="p" tone="subdued">
              {t("period", page.period)}
            </Text>
          )}
          <ul className="pay-page__lines">
            {page.lines.map((line, index) => (
              <li key={index}>
                <span>
                  {line.name} × {line.quantity}
                </span>
                <span>{line.amount}</span>
              </li>
            ))}
          </ul>
          <dl className="pay-page__due">
            <dt>{t("amount")}</dt>
            <dd className="pay-page__amount">{page.amount}</dd>
            {page.storedValuePaid.map((paid, index) => (
              <Fragment key={index}>
                <dt>{t(`paid-by.${paid.method}`)}</dt>
                <dd>{paid.amount}</dd>
              </Fragment>
            ))}
            {page.storedValuePaid.length > 0 && (
              <>
                <dt>{t("left-to-pay")}</dt>
                <dd className="pay-page__amount">{page.owed}</dd>
              </>
            )}
            <dt>{t("reference")}</dt>
            <dd>{page.reference}</dd>
          </dl>
          <div role="status">
            <Text as="p" variant="headingMd" tone={page.status === "paid" ? "success" : undefined}>
              {t(`status.${page.status}`)}
            </Text>
          </div>
        </BlockStack>
      </Box>
      {toPay && page.fpsSvg && page.fps_qr && (
        <Card>
          <BlockStack gap="200" inlineAlign="center">
            <Text as="h2" variant="headingMd">
              {t("fps.title")}
            </Text>
            <div className="pay-page__fps" dangerouslySetInnerHTML={{ __html: page.fpsSvg }} />
            <Text as="p" alignment="center">
              {t("fps.hint", { amount: page.owed, reference: page.fps_qr.reference })}
            </Text>
          </BlockStack>
        </Card>
      )}
      {toPay && page.methods.length > 0 && (
        <Card>
          <BlockStack gap="400">
            <Text as="h2" variant="headingMd">
              {t("methods.title")}
            </Text>
            <Text as="p">{t("methods.give-reference", { amount: page.owed, reference: page.reference })}</Text>
            {page.methods.map((method) => (
              <MethodInstructions key={method.method} method={method} english={english} />
            ))}
          </BlockStack>
        </Card>
      )}
      {page.takes_gift_card && <StoredValueForm method="gift_card" page={page} refusal={storedValueRefusal} />}
      {page.storeCredit && <StoredValueForm method="store_credit" page={page} refusal={storedValueRefusal} />}
      {page.takes_proof ? (
        <ProofForm page={page} refusal={proofRefusal} />
      ) : (
        toPay && (
          <Card>
            <Text as="p">{t("proof.elsewhere")}</Text>
          </Card>
        )
      )}
      <StoreContact store={page.store} />
    </div>
  );
}

type ShownPage = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["page"]>;

/** The store's own name for a method, else its usual one. */
function useMethodName() {
  const { t, i18n } = useTranslation("stores");
  return (method: Pick<PayPage["methods"][number], "method" | "name_zh_hk" | "name_en">) =>
    (i18n.language === "en" ? method.name_en || method.name_zh_hk : method.name_zh_hk || method.name_en) ||
    t(`payment.${method.method}`);
}

function MethodInstructions({ method, english }: { method: PayPage["methods"][number]; english: boolean }) {
  const { t } = useTranslation("pay");
  const nameOf = useMethodName();
  const name = nameOf(method);
  const instructions = (english && method.instructions_en) || method.instructions_zh_hk || method.instructions_en;
  return (
    <section className="pay-page__method">
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm">
          {name}
        </Text>
        {method.account_id && (
          <Text as="p">
            {t("methods.account")}: <span className="pay-page__account">{method.account_id}</span>
          </Text>
        )}
        {instructions && <p className="pay-page__instructions">{instructions}</p>}
        {method.qr_image_url && (
          <img className="pay-page__qr-image" src={method.qr_image_url} alt={t("methods.qr", { method: name })} />
        )}
      </BlockStack>
    </section>
  );
}

/** A gift card (its code) or the member's store credit paying part or all of what is left, a plain form. */
function StoredValueForm({
  method,
  page,
  refusal: sent,
}: {
  method: "gift_card" | "store_credit";
  page: ShownPage;
  refusal: StoredValueRefusal | undefined;
}) {
  const { t } = useTranslation(["pay", "message", "validation"]);
  const refusal = sent?.method === method ? sent : undefined;
  const giftCard = method === "gift_card";
  const id = (name: string) => `pay-${method}-${name}`;
  return (
    <Card>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value={STORED_VALUE_INTENT} />
        <input type="hidden" name="method" value={method} />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t(giftCard ? "stored-value.gift-card-title" : "stored-value.store-credit-title")}
          </Text>
          {!giftCard && <Text as="p">{t("stored-value.store-credit-balance", { balance: page.storeCredit })}</Text>}
          {refusal?.message && (
            <div role="alert">
              <Text as="p" tone="critical">
                {translateMessage(t, refusal.message)}
              </Text>
            </div>
          )}
          {giftCard && (
            <TextField
              id={id("code")}
              name="gift_card_code"
              label={t("stored-value.gift-card-code")}
              value={refusal?.code ?? ""}
              autoComplete="off"
              error={translateErrors(t, refusal?.fields.gift_card_code)}
            />
          )}
          <TextField
            id={id("amount")}
            name="amount"
            label={t("stored-value.amount", { owed: page.owed })}
            value={refusal?.amount ?? ""}
            autoComplete="off"
            inputMode="decimal"
            prefix="HK$"
            error={translateErrors(t, refusal?.fields.amount)}
          />
          <Button submit size="large" fullWidth>
            {t(giftCard ? "stored-value.gift-card-submit" : "stored-value.store-credit-submit")}
          </Button>
        </BlockStack>
      </Form>
    </Card>
  );
}

/** The proof of payment, a plain multipart form: the method paid by and the images, errors beside each. */
function ProofForm({ page, refusal }: { page: ShownPage; refusal: ProofRefusal | undefined }) {
  const { t } = useTranslation(["pay", "message"]);
  const { t: uploadT } = useTranslation("upload");
  const nameOf = useMethodName();
  const offered = page.methods.map((method) => method.method as string);
  const chosen =
    refusal?.method ||
    (page.payment_method && offered.includes(page.payment_method) ? page.payment_method : offered[0]);
  const fileErrors = [
    translateErrors(t, refusal?.fields[PROOF_FIELD]),
    ...(refusal?.files ?? []).map((file) =>
      t("proof.file", { name: file.name, error: translateUploadError(uploadT, file.error) }),
    ),
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <Card>
      <Form method="post" encType="multipart/form-data" noValidate>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("proof.title")}
          </Text>
          {refusal?.message && (
            <div role="alert">
              <Text as="p" tone="critical">
                {translateMessage(t, refusal.message)}
              </Text>
            </div>
          )}
          <Select
            id="pay-method"
            name={METHOD_FIELD}
            label={t("proof.method")}
            options={page.methods.map((method) => ({ value: method.method, label: nameOf(method) }))}
            value={chosen}
            error={translateErrors(t, refusal?.fields[METHOD_FIELD])}
          />
          <BlockStack gap="100">
            <label htmlFor="pay-proof">
              <Text as="span" fontWeight="medium">
                {t("proof.images")}
              </Text>
            </label>
            <input
              id="pay-proof"
              type="file"
              name={PROOF_FIELD}
              multiple
              accept={PROOF_TYPES.map((type) => `.${type}`).join(",")}
              aria-describedby="pay-proof-help"
              aria-invalid={fileErrors ? true : undefined}
              autoFocus={Boolean(fileErrors)}
            />
            {fileErrors && <InlineError message={fileErrors} fieldID="pay-proof" />}
            {refusal?.kept.map((image) => (
              <Fragment key={image.name}>
                <input type="hidden" name={KEPT_FIELD} value={`${image.name}|${image.dataUrl}`} />
                <Text as="p">{t("proof.kept", { name: image.name })}</Text>
              </Fragment>
            ))}
            <Text as="p" tone="subdued" id="pay-proof-help">
              {t("proof.hint", { count: MAX_PROOF_IMAGES, types: PROOF_TYPES.join(", "), size: DEFAULT_MAX_UPLOAD_MB })}
            </Text>
          </BlockStack>
          <Button submit variant="primary" size="large" fullWidth>
            {t("proof.send")}
          </Button>
        </BlockStack>
      </Form>
    </Card>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
