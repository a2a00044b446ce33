import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod";
import { crossFieldCheck, hkdAsCents, MAX_QUANTITY } from "#contract/field-rules";
import { withValue } from "#contract/messages";
import { wholeNumber } from "#contract/parts";
import { refineOptionNames } from "#modules/product/contract";
import { MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS } from "#modules/product/options";
import { replaceFilesWithUploads, type UploadRule, type UploadTarget } from "~/server/uploads.server";
import { optionFormSchema } from "./__product-variant-editor";
import {
  addOption,
  addVariant,
  combinationCount,
  generateVariants,
  hasCombination,
  hasRoomForVariant,
  isSaved,
  isTicked,
  newVariantRow,
  removeOption,
  removeVariant,
  setForTicked,
  STEP_FIELD,
  valueCounts,
  type OptionRow,
  type ProductStep,
  type VariantRow,
} from "./__product-variants";

/** What a step checks of the form before it changes it; the form's other rules wait for Save. */
const STEP_RULES: Partial<Record<ProductStep["kind"], z.ZodType>> = {
  generate: z
    .object({ options: z.array(optionFormSchema).max(MAX_PRODUCT_OPTIONS).default([]) })
    .check(crossFieldCheck(refineOptionNames)),
  "set-price": z.object({ bulk_price: hkdAsCents() }),
  "set-stock": z.object({ bulk_stock: wholeNumber(0, MAX_QUANTITY) }),
};

type FormValue = Record<string, unknown> & { options?: OptionRow[]; variants?: VariantRow[] };
type Errors = Record<string, string[]>;

const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The form after `step`, or the form as it was with what stopped the step beside its field. */
function applyStep(step: ProductStep, form: FormValue): { form: FormValue; errors?: Errors } {
  const options = listOf<OptionRow>(form.options);
  const variants = listOf<VariantRow>(form.variants);
  const refused = (field: string, message: string) => ({ form, errors: { [field]: [message] } });
  const tooMany = withValue("too-many-variants", MAX_PRODUCT_VARIANTS);
  switch (step.kind) {
    case "add-option":
      return { form: { ...form, options: addOption(options) } };
    case "remove-option":
      return { form: { ...form, ...removeOption(options, variants, step.index) } };
    case "generate": {
      const counts = valueCounts(options);
      if (combinationCount(counts) > MAX_PRODUCT_VARIANTS) return refused("variants", tooMany);
      const generated = generateVariants(variants, counts, (indexes) => newVariantRow(indexes, form));
      return { form: { ...form, variants: generated } };
    }
    case "add-variant": {
      const indexes = listOf<string>(form.new_variant).map(Number);
      const counts = valueCounts(options);
      const fits =
        indexes.length === counts.length && indexes.every((at, option) => Number.isInteger(at) && at < counts[option]);
      if (!fits) return refused("new_variant", "variant-options-changed");
      if (hasCombination(variants, indexes)) return refused("new_variant", "variant-combination-repeated");
      if (!hasRoomForVariant(variants)) return refused("new_variant", tooMany);
      return { form: { ...form, variants: addVariant(variants, newVariantRow(indexes, form)) } };
    }
    case "remove-variant":
      return { form: { ...form, variants: removeVariant(variants, step.index) } };
    case "set-price": {
      if (!variants.some(isTicked)) return refused("bulk_price", "none-ticked");
      return { form: { ...form, variants: setForTicked(variants, "price_cents", String(form.bulk_price).trim()) } };
    }
    case "set-stock": {
      if (!variants.some(isTicked)) return refused("bulk_stock", "none-ticked");
      if (variants.some((row) => isTicked(row) && isSaved(row))) return refused("bulk_stock", "stock-of-saved-variant");
      return { form: { ...form, variants: setForTicked(variants, "stock", String(form.bulk_stock).trim()) } };
    }
  }
}

/**
 * A step's reply: the whole form as the step left it, and its errors. Conform takes a reply's values into
 * the fields only through an intent, so it carries one replacing them all; only the errors named here show.
 */
function stepReply(value: FormValue, errors: Errors): SubmissionResult<string[]> {
  const initialValue = value as NonNullable<SubmissionResult["initialValue"]>;
  return {
    initialValue,
    intent: { type: "update", payload: { value: initialValue } },
    error: errors,
    state: { validated: Object.fromEntries(Object.keys(errors).map((name) => [name, true])) },
  };
}

/**
 * A step of the product form (productStepOf): the files chosen so far are uploaded first, so the form
 * comes back with them as it does after a refused save, then the step changes the options or variants.
 * Nothing is saved; with JavaScript off this is the page again, with it the form updated in place.
 */
export async function replyToProductStep(
  formData: FormData,
  step: ProductStep,
  uploads: { rules: Record<string, UploadRule>; target: UploadTarget },
): Promise<SubmissionResult<string[]>> {
  const uploadErrors = await replaceFilesWithUploads(formData, uploads.rules, uploads.target);
  formData.delete(STEP_FIELD);
  const submission = parseWithZod(formData, { schema: STEP_RULES[step.kind] ?? z.object({}) });
  const form = submission.payload as FormValue;
  const stepErrors: Errors = {};
  for (const [name, messages] of Object.entries((submission.status !== "success" && submission.error) || {})) {
    if (messages) stepErrors[name] = messages;
  }
  const applied = Object.keys(stepErrors).length > 0 ? { form, errors: stepErrors } : applyStep(step, form);
  return stepReply(applied.form, { ...uploadErrors, ...applied.errors });
}
