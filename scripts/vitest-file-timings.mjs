// A Vitest reporter (used by scripts/test.mjs) that writes each test file's cost to
// $VITEST_FILE_TIMINGS: its project, path and seconds from the worker's start to its end — the
// environment, importing the file and what it imports, the hooks (server starts, sign-ins) and the
// tests. Vitest's JSON report times the tests alone, which in the API suite is under half of it.
import fs from 'node:fs';
import path from 'node:path';

export default class FileTimings {
  files = [];

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(module) {
    const d = module.diagnostic();
    const ms =
      d.environmentSetupDuration +
      d.prepareDuration +
      d.collectDuration +
      d.setupDuration +
      d.duration;
    this.files.push({
      project: module.project.name,
      file: path.relative(this.root, module.moduleId),
      seconds: Math.round(ms) / 1000,
      state: module.state(),
    });
  }

  onTestRunEnd() {
    const out = process.env.VITEST_FILE_TIMINGS;
    if (out) fs.writeFileSync(out, JSON.stringify(this.files, null, 2));
  }
}
