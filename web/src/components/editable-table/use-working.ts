import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC 9: the table's working indicator clears itself after this long, even if a call never ends. */
export const WORKING_TIMEOUT_MS = 5000;

/** A busy flag that turns itself off after WORKING_TIMEOUT_MS. */
export function useWorking(): [boolean, (on: boolean) => void] {
  const [working, setWorkingState] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const setWorking = useCallback((on: boolean) => {
    clearTimeout(timer.current);
    setWorkingState(on);
    if (on) timer.current = setTimeout(() => setWorkingState(false), WORKING_TIMEOUT_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [working, setWorking];
}
