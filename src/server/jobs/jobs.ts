/**
 * Periodic work of an instance: expired sessions, message retention, the push queue. Every instance runs
 * every job, so each must be idempotent and safe when several instances run it at once (plain deletes by
 * expiry; claims with SKIP LOCKED where work is handed out). Started when the app is ready, stopped (and
 * waited for) when it closes.
 */
export interface Job {
  name: string;
  intervalMs: number;
  /** Also run once as soon as the app is ready (retention after a long stop, say). */
  runAtStart?: boolean;
  run(): Promise<void>;
}

/** Reports a failed run by the job's name and the kind of error only (errors can quote data). */
export type JobErrorReporter = (error: unknown, jobName: string) => void;

export class Jobs {
  private readonly jobs = new Map<string, Job>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private isStarted = false;

  constructor(
    private readonly onError: JobErrorReporter,
    /** Told of every run as it ends (the instance's metrics). */
    private readonly onRun: (jobName: string, failed: boolean) => void = () => {},
  ) {}

  register(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
    this.jobs.set(job.name, job);
    if (this.isStarted) this.schedule(job);
  }

  start(): void {
    if (this.isStarted) return;
    this.isStarted = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  /** Stops scheduling and waits for the runs under way. */
  async stop(): Promise<void> {
    this.isStarted = false;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running.values()]);
  }

  /**
   * Runs a job now (tests, and an operator's nudge); joins a run already under way instead of starting
   * a second one in this process.
   */
  runNow(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    const underWay = this.running.get(name);
    if (underWay) return underWay;
    const run = job
      .run()
      .then(
        () => this.onRun(name, false),
        (error: unknown) => {
          this.onRun(name, true);
          this.onError(error, name);
        },
      )
      .finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  private schedule(job: Job) {
    const next = (delay: number) => {
      const timer = setTimeout(async () => {
        await this.runNow(job.name);
        if (this.isStarted) next(job.intervalMs);
      }, delay);
      timer.unref();
      this.timers.set(job.name, timer);
    };
    next(job.runAtStart ? 0 : job.intervalMs);
  }
}
