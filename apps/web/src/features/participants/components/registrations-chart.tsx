import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { RaceStats } from '@stride/shared';
import { useTheme } from '../../../lib/theme';
import { buildChartSeries, dayRange, perDayMax, totalsMax, type ChartSeries } from '../chart-data';
import { PARTICIPANTS_MESSAGES } from '../participants-messages';

const M = PARTICIPANTS_MESSAGES.chart;
const HEIGHT = 260;
const DAY_SECONDS = 86_400;
/** Whole numbers of runners on the count axes, whole days (UTC midnights: multiples of a day) on the time axis. */
const COUNT_STEPS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000,
];
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364].map((days) => days * DAY_SECONDS);

const shortDay = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A colour of the current daisyUI theme (its CSS variable), so the canvas follows the light and dark themes. */
const themeColor = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(`--color-${name}`).trim();

function chartOptions(series: ChartSeries, width: number): uPlot.Options {
  const text = themeColor('base-content');
  const grid = themeColor('base-300');
  const font = `12px ${getComputedStyle(document.body).fontFamily}`;
  const axis = {
    stroke: text,
    font,
    labelFont: font,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid },
  };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false, drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: () => dayRange(series.days) },
      total: { range: () => [0, totalsMax(series)] },
      perDay: { range: () => [0, perDayMax(series)] },
    },
    axes: [
      { ...axis, incrs: DAY_STEPS, space: 50, values: (_, splits) => splits.map(shortDay) },
      { ...axis, scale: 'total', incrs: COUNT_STEPS, label: M.legend.cumulative },
      {
        ...axis,
        scale: 'perDay',
        incrs: COUNT_STEPS,
        side: 1,
        grid: { show: false },
        label: M.legend.perDay,
      },
    ],
    series: [
      {},
      {
        label: M.legend.perDay,
        scale: 'perDay',
        fill: themeColor('primary'),
        stroke: themeColor('primary'),
        paths: uPlot.paths.bars!({ size: [0.6, 40] }),
        points: { show: false },
      },
      { label: M.legend.cumulative, scale: 'total', stroke: text, width: 2 },
      ...(series.capacity
        ? [{ label: M.legend.capacity, scale: 'total', stroke: themeColor('error'), width: 2, dash: [6, 4] }]
        : []),
    ],
  };
}

function alignedData(series: ChartSeries): uPlot.AlignedData {
  const { days, perDay, cumulative, capacity } = series;
  return capacity ? [days, perDay, cumulative, capacity] : [days, perDay, cumulative];
}

/**
 * Registrations over time: one bar per day (runners who registered that day and hold a place), the running
 * total as a line and the limit as a dashed line. Drawn with uPlot on a canvas in the theme's colours, redrawn
 * when the theme or the width changes; screen readers get the same numbers as a table.
 */
export function RegistrationsChart({ stats, timeZone }: { stats: RaceStats; timeZone: string }) {
  const { theme } = useTheme();
  const series = useMemo(() => buildChartSeries(stats), [stats]);
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || series.days.length === 0) return;
    const chart = new uPlot(chartOptions(series, container.clientWidth), alignedData(series), container);
    const observer = new ResizeObserver(() =>
      chart.setSize({ width: container.clientWidth, height: HEIGHT }),
    );
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [series, theme]);

  if (series.days.length === 0) return null;
  return (
    <figure className="bg-base-100 border-base-300 rounded-box space-y-3 border p-4">
      <figcaption className="space-y-1">
        <h2 className="text-xl font-bold">{M.heading}</h2>
        <p className="text-base-content/75 text-sm">{M.caption(stats.days.length, timeZone)}</p>
      </figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden>
        <LegendItem swatch="bg-primary h-3 w-3">{M.legend.perDay}</LegendItem>
        <LegendItem swatch="bg-base-content h-0.5 w-5">{M.legend.cumulative}</LegendItem>
        {stats.capacity !== null && (
          <LegendItem swatch="border-error w-5 border-t-2 border-dashed">{M.legend.capacity}</LegendItem>
        )}
      </ul>
      <div ref={containerRef} role="img" aria-label={M.imageLabel} className="min-w-0 overflow-hidden" />
      <DaysTable stats={stats} timeZone={timeZone} />
    </figure>
  );
}

function LegendItem({ swatch, children }: { swatch: string; children: string }) {
  return (
    <li className="flex items-center gap-2">
      <span className={`inline-block ${swatch}`} />
      {children}
    </li>
  );
}

/** The chart's text alternative: the same numbers, a day a row, for screen readers only. */
function DaysTable({ stats, timeZone }: { stats: RaceStats; timeZone: string }) {
  return (
    // A table is never narrower than its content: wrapped in a block, so that its hidden width cannot widen the page.
    <div className="sr-only">
      <table>
        <caption>{M.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{M.day(timeZone)}</th>
            <th scope="col">{M.registered}</th>
            <th scope="col">{M.waitlisted}</th>
            <th scope="col">{M.total}</th>
          </tr>
        </thead>
        <tbody>
          {stats.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.registered}</td>
              <td>{day.waitlisted}</td>
              <td>{day.cumulativeRegistered}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
