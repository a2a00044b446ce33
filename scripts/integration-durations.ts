/**
 * Updates tests/integration/durations.json (each integration test file's milliseconds, which the shards are split
 * by) with the times of a passing run's JSON reports (`npm run test:integration:durations`, all or some files);
 * files that no longer exist leave it.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";

interface JsonReport {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const root = new URL("..", import.meta.url).pathname;
const file = new URL("../tests/integration/durations.json", import.meta.url);
const durations = JSON.parse(readFileSync(file, "utf8")) as Record<string, number>;
for (const reportFile of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as JsonReport;
  for (const result of report.testResults)
    durations[relative(root, result.name)] = Math.round(result.endTime - result.startTime);
}
const kept = Object.entries(durations).filter(([path]) => existsSync(`${root}${path}`));
const sorted = Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/integration/durations.json: ${Object.keys(sorted).length} files`);
