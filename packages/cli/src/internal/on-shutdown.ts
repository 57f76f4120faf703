/**
 * Runs `stop` once on the first SIGINT/SIGTERM, then exits; a second signal exits at once
 * (an operator who presses Ctrl-C twice means it).
 */
export function onShutdown(stop: () => Promise<void>, log: (line: string) => void): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals): void => {
    if (stopping) process.exit(130);
    stopping = true;
    log(`Received ${signal}; shutting down gracefully.`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}
