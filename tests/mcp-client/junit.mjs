// One JUnit XML report per suite, so scripts/test-summary counts these Node clients with the Maven reports.
// A check that throws is a failure; nothing here ever reports a skip.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const xml = (text) => String(text).replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]);

export class JUnitReport {
  constructor(suite, path) {
    this.suite = suite;
    this.path = path;
    this.cases = [];
    this.started = Date.now();
  }

  get passed() {
    return this.cases.filter((c) => !c.failure).length;
  }

  get failed() {
    return this.cases.length - this.passed;
  }

  #add(name, failure) {
    const seconds = ((Date.now() - this.started) / 1000).toFixed(3);
    this.started = Date.now();
    this.cases.push({ name, seconds, failure: failure === undefined ? undefined : String(failure).slice(0, 2000) });
    console.error(`${failure === undefined ? "ok" : "not ok"} ${this.cases.length} - ${this.suite}: ${name}${failure === undefined ? "" : `: ${failure}`}`);
  }

  pass(name) {
    this.#add(name);
  }

  fail(name, message) {
    this.#add(name, message || "failed");
  }

  /** Runs fn (sync or async); records a pass or the thrown message as a failure. Returns whether it passed. */
  async check(name, fn) {
    try {
      await fn();
      this.pass(name);
      return true;
    } catch (e) {
      this.fail(name, e?.message ?? e);
      return false;
    }
  }

  /** The synchronous form of check. */
  checkSync(name, fn) {
    try {
      fn();
      this.pass(name);
      return true;
    } catch (e) {
      this.fail(name, e?.message ?? e);
      return false;
    }
  }

  write() {
    const body = this.cases.map((c) => `  <testcase classname="${xml(this.suite)}" name="${xml(c.name)}" time="${c.seconds}">`
      + (c.failure !== undefined ? `<failure message="${xml(c.failure)}"/>` : "") + "</testcase>").join("\n");
    mkdirSync(dirname(this.path), { recursive: true });
    writeFileSync(this.path, `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="${xml(this.suite)}" `
      + `tests="${this.cases.length}" failures="${this.failed}" errors="0" skipped="0">\n${body}\n</testsuite>\n`);
  }
}
