import { ActionList } from "@shopify/polaris/build/esm/components/ActionList/ActionList.js";
import { Box } from "@shopify/polaris/build/esm/components/Box/Box.js";
import { Card } from "@shopify/polaris/build/esm/components/Card/Card.js";
import { InlineStack } from "@shopify/polaris/build/esm/components/InlineStack/InlineStack.js";
import { Text } from "@shopify/polaris/build/esm/components/Text/Text.js";
import { useTranslation } from "react-i18next";
import type { KeysUnder } from "~/i18n";

export interface SetupTask {
  key: KeysUnder<"common", "setup.task">;
  /** The page that does it; null while that page is not built. */
  url: string | null;
  done: boolean;
}

/**
 * Spec §2's setup checklist above every content page, as Shopify's setup guide: a compact progress line
 * that expands (a disclosure, no JavaScript needed), open on the overview, with a progress bar drawn by the
 * browser and a rounded percentage for screen readers.
 */
export function SetupGuide({ tasks, open }: { tasks: SetupTask[]; open: boolean }) {
  const { t } = useTranslation();
  const done = tasks.filter((task) => task.done).length;
  const percent = Math.round((done / tasks.length) * 100);
  return (
    <Card>
      <details className="setup-guide" open={open}>
        <summary>
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <Text as="h2" variant="headingMd">
              {t("setup.title")}
            </Text>
            <Text as="span" tone="subdued">
              {t("setup.progress", { done, total: tasks.length })}
            </Text>
          </InlineStack>
          <progress className="setup-guide__progress" value={done} max={tasks.length} aria-label={`${percent}%`} />
        </summary>
        <Box paddingBlockStart="200">
          <ActionList
            items={tasks.map((task) => ({
              content: t(`setup.task.${task.key}`),
              url: task.url ?? undefined,
              disabled: task.url === null && !task.done,
              suffix: task.done ? t("setup.done") : t("setup.todo"),
            }))}
          />
        </Box>
      </details>
    </Card>
  );
}
