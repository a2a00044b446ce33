import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { relative } from "node:path";

/** Prints, after a run, how long each spec file's tests took in total (summed over tests, not wall time). */
export default class TimePerFileReporter implements Reporter {
  private readonly perFile = new Map<string, { ms: number; tests: number }>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = relative(process.cwd(), test.location.file);
    const entry = this.perFile.get(file) ?? { ms: 0, tests: 0 };
    entry.ms += result.duration;
    entry.tests += 1;
    this.perFile.set(file, entry);
  }

  onEnd(_result: FullResult) {
    if (this.perFile.size === 0) return;
    const rows = [...this.perFile].sort(([, a], [, b]) => b.ms - a.ms);
    const total = rows.reduce((sum, [, { ms }]) => sum + ms, 0);
    const width = Math.max(...rows.map(([file]) => file.length));
    const line = (label: string, ms: number, tests: string) =>
      `  ${label.padEnd(width)}  ${(ms / 1000).toFixed(1).padStart(7)}s  ${tests}`;
    console.log("\nE2E time per spec file (sum of test durations):");
    for (const [file, { ms, tests }] of rows) console.log(line(file, ms, `${tests} tests`));
    console.log(line("total", total, ""));
  }

  printsToStdio() {
    return false;
  }
}
