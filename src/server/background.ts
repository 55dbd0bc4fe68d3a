/**
 * Work done after the answer has left (mail, tokens it carries), so its duration and failures are not
 * revealed to the caller; shutdown waits for it.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown, label: string) => void) {}

  run(label: string, task: () => Promise<void>): void {
    const running: Promise<void> = Promise.resolve()
      .then(task)
      .catch((error) => this.onError(error, label))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Waits for what is under way, at most `timeoutMs`. */
  async drain(timeoutMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled([...this.pending]), timeout]);
    clearTimeout(timer);
  }
}
