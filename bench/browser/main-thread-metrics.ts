// The page's main thread as Chromium counts it (CDP Performance.getMetrics), and its share of one core between two
// readings: the time inside its tasks over the wall time.
import type { CDPSession } from 'playwright';

export interface Metrics {
  /** Seconds the main thread spent on tasks since the page started. */
  TaskDuration: number;
  /** Seconds of that in script, and in style and layout. */
  ScriptDuration: number;
  RecalcStyleDuration: number;
  LayoutDuration: number;
  JSHeapUsedSize: number;
  /** Seconds (monotonic). */
  Timestamp: number;
}

export async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: keyof Metrics) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return {
    TaskDuration: value('TaskDuration'),
    ScriptDuration: value('ScriptDuration'),
    RecalcStyleDuration: value('RecalcStyleDuration'),
    LayoutDuration: value('LayoutDuration'),
    JSHeapUsedSize: value('JSHeapUsedSize'),
    Timestamp: value('Timestamp'),
  };
}

export const share = (from: Metrics, to: Metrics, key: 'TaskDuration' | 'ScriptDuration' | 'RecalcStyleDuration' | 'LayoutDuration' = 'TaskDuration') =>
  (to[key] - from[key]) / (to.Timestamp - from.Timestamp);
