import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Milliseconds each integration test file took in a full run (`npm run test:integration:durations` rewrites it).
 * A file missing from it (a new one) counts as the median.
 */
const DURATIONS: Record<string, number> = JSON.parse(
  readFileSync(new URL("./durations.json", import.meta.url), "utf8"),
);

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 1;
}

/**
 * Shards by time rather than by count: Vitest's own split gives each shard the same number of files, which
 * left one shard of scripts/test-integration.sh running four minutes after the other finished. Each file,
 * longest first, goes to the shard with the least time so far.
 */
export class DurationSequencer extends BaseSequencer {
  private durationOf(spec: TestSpecification) {
    return DURATIONS[relative(this.ctx.config.root, spec.moduleId)] ?? median(Object.values(DURATIONS));
  }

  override async shard(files: TestSpecification[]) {
    const { index, count } = this.ctx.config.shard!;
    const byLength = [...files].sort(
      (a, b) => this.durationOf(b) - this.durationOf(a) || a.moduleId.localeCompare(b.moduleId),
    );
    const shards = Array.from({ length: count }, () => ({ time: 0, files: [] as TestSpecification[] }));
    for (const file of byLength) {
      const lightest = shards.reduce((least, shard) => (shard.time < least.time ? shard : least));
      lightest.time += this.durationOf(file);
      lightest.files.push(file);
    }
    return shards[index - 1].files;
  }
}
