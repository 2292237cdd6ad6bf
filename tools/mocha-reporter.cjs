// The spec reporter, plus one plain closing line ("tests: N passed, N failed, N skipped") that CI reads.
const { reporters } = require('mocha');

class SpecWithSummary extends reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const { passes, failures, pending } = this.stats;
      console.log(`tests: ${passes} passed, ${failures} failed, ${pending} skipped`);
    });
  }
}

module.exports = SpecWithSummary;
