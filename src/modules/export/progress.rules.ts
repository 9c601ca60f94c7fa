/** Where export and import report how far they are (the CLI draws a bar on a terminal, plain lines otherwise). */
export interface Progress {
  /** A new step: rows of one table, or the files; `total` as far as known. */
  step(name: string, total: number): void
  /** `n` more rows or files of the current step done. */
  advance(n: number): void
  /** All done (or given up): release the terminal. */
  stop(): void
}

export const noProgress: Progress = { step: () => undefined, advance: () => undefined, stop: () => undefined }
