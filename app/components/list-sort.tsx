import { Form, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { Button } from "@shopify/polaris/build/esm/components/Button/Button.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Select } from "@shopify/polaris/build/esm/components/Select/Select.js";
import { useTranslation } from "react-i18next";
import { listUrl, sortParam } from "~/utils/list-params";

export interface SortOption {
  sort: string;
  direction: "ASC" | "DESC";
  label: string;
}

/**
 * The list's orders as one select in a GET form that keeps the list's other parameters and goes back
 * to page 1. Without JavaScript its button sends the form; with it, choosing an order is enough (the
 * button is hidden by app.css once the page has hydrated).
 */
export function ListSort({ options, sort, direction }: { options: SortOption[]; sort: string; direction: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const pending = useNavigation().location;
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== "sort" && name !== "page");
  // While the chosen order loads, the select already shows it.
  const shown =
    (pending?.pathname === location.pathname && new URLSearchParams(pending.search).get("sort")) ||
    sortParam(sort, direction);
  return (
    <Box padding="300">
      <Form noValidate method="get">
        {kept.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <InlineStack gap="200" blockAlign="center">
          <Select
            name="sort"
            label={t("list.sort")}
            labelInline
            options={options.map((option) => ({
              value: sortParam(option.sort, option.direction),
              label: option.label,
            }))}
            value={shown}
            onChange={(value) =>
              navigate(listUrl(location.pathname + location.search, { sort: value, page: undefined }))
            }
          />
          <div className="list-sort__submit">
            <Button submit>{t("list.sort-apply")}</Button>
          </div>
        </InlineStack>
      </Form>
    </Box>
  );
}
