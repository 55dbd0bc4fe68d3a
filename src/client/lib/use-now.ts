import { useEffect, useState } from 'react';

/** The time now, renewed every `intervalMs`, for texts that age ("2 min ago", "disappears in 23 h"). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
