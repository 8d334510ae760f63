import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESULTS_MESSAGES, type ResultsReport } from '@stride/shared';
import { ApiError } from '../../../lib/api-client';
import { importResults } from '../api/results-api';
import { json, renderHtml, stubFetch } from '../render-route.test-helper';
import { ImportReport } from './import-report';
import { ResultsDesk } from './results-desk';

const REPORT: ResultsReport = {
  rows: 812,
  matched: 809,
  finishers: 799,
  unknownBibs: [12, 99],
  duplicateBibs: [40],
  problems: [
    { line: 3, column: 'Chip Time', message: RESULTS_MESSAGES.time('Chip Time') },
    { line: 9, column: null, message: 'A quoted cell is not closed' },
  ],
  stored: false,
  resultsUpdatedAt: null,
};

const CSV = 'Bib,Chip Time\n12,3:25:12\n';
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('importResults', () => {
  it('sends the file as CSV, checked only on a dry run', async () => {
    const stub = stubFetch(() => json({ ...REPORT, unknownBibs: [], duplicateBibs: [], problems: [] }));

    const outcome = await importResults('r 1', CSV, { dryRun: true });

    expect(outcome.kind).toBe('accepted');
    expect(stub).toHaveBeenCalledWith('/api/marathons/r%201/results?dryRun=true', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: CSV,
      credentials: 'same-origin',
    });
    await importResults('r1', CSV, { dryRun: false });
    expect(stub).toHaveBeenLastCalledWith('/api/marathons/r1/results?dryRun=false', expect.anything());
  });

  it('answers the report of a refused file (400) with the server’s reason', async () => {
    stubFetch(() => json({ ...REPORT, message: RESULTS_MESSAGES.rejected }, 400));

    expect(await importResults('r1', CSV, { dryRun: false })).toEqual({
      kind: 'rejected',
      report: REPORT,
      message: RESULTS_MESSAGES.rejected,
    });
  });

  it('throws any other failure, for the screen’s alert', async () => {
    stubFetch(() => json({ message: 'Forbidden' }, 403));
    await expect(importResults('r1', CSV, { dryRun: false })).rejects.toEqual(new ApiError(403, 'Forbidden'));

    stubFetch(() => json({ message: 'Body is not CSV', errors: [] }, 415));
    await expect(importResults('r1', CSV, { dryRun: false })).rejects.toMatchObject({ status: 415 });

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(importResults('r1', CSV, { dryRun: false })).rejects.toMatchObject({ status: 0 });
  });
});

describe('ImportReport', () => {
  it('shows a refused file’s reason, counts, unknown and duplicate bibs, and each problem by line and column', () => {
    const html = renderToStaticMarkup(
      <ImportReport
        outcome={{ kind: 'rejected', report: REPORT, message: RESULTS_MESSAGES.rejected }}
        dryRun={false}
      />,
    );
    const page = text(html);

    expect(html).toContain(`>${RESULTS_MESSAGES.rejected}</p>`);
    expect(page).toContain('812 rows · 809 matched · 799 finishers');
    expect(page).toContain('Unknown bibs: 12, 99');
    expect(page).toContain('Duplicate bibs: 40');
    expect(html).toContain('<caption class="sr-only">Problems in the file</caption>');
    const headers = [...html.matchAll(/<th scope="col">([^<]+)<\/th>/g)].map((match) => match[1]);
    expect(headers).toEqual(['Line', 'Column', 'Problem']);
    expect(page).toContain(`3 Chip Time ${RESULTS_MESSAGES.time('Chip Time')}`);
    expect(page).toContain('9 - A quoted cell is not closed');
  });

  it('says a checked file is ready and an imported one is stored, with no problem table', () => {
    const clean = { ...REPORT, unknownBibs: [], duplicateBibs: [], problems: [], stored: true };
    const checked = renderToStaticMarkup(
      <ImportReport outcome={{ kind: 'accepted', report: clean }} dryRun={true} />,
    );
    expect(text(checked)).toContain('The file has no problems: it is ready to import.');
    expect(checked).not.toContain('<table');
    expect(checked).not.toContain('Unknown bibs');

    const imported = renderToStaticMarkup(
      <ImportReport outcome={{ kind: 'accepted', report: clean }} dryRun={false} />,
    );
    expect(text(imported)).toContain('Results imported.');
  });
});

describe('ResultsDesk', () => {
  const race = { _id: 'r1', timeZone: 'Europe/Lisbon', rankBy: 'chip', resultsPublished: false } as const;
  const render = (props: Partial<Parameters<typeof ResultsDesk>[0]> = {}) =>
    renderHtml(
      [
        {
          path: '/desk',
          Component: () => (
            <ResultsDesk race={race} resultsUpdatedAt={null} changeRankBy={async () => ({})} {...props} />
          ),
        },
      ],
      '/desk',
    );

  it('offers the file, its check and its import, the ranking, publishing and the links', async () => {
    const html = await render();

    expect(html).toMatch(
      /<label for="([^"]+)"[^>]*>Results file \(CSV\)<\/label><input id="\1"[^>]*type="file"/,
    );
    expect(html).toContain('>Check file</button>');
    expect(html).toMatch(/<button type="submit"[^>]*>Import results<\/button>/);
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Rank by<\/label><select id="\1"/);
    expect(html).toContain('<option value="chip" selected="">Chip time</option>');
    expect(html).toContain('<option value="gun">Gun time</option>');
    expect(text(html)).toContain('Not published');
    expect(html).toContain('>Publish results</button>');
    expect(html).toContain('href="/results/r1"');
    expect(html).toContain('href="/api/marathons/r1/results.csv"');
    expect(text(html)).toContain('View results page');
    expect(text(html)).toContain('Download results CSV');
    expect(text(html)).toContain('No results imported yet.');
  });

  it('offers to unpublish published results, ranked as the race says', async () => {
    const html = await render({
      race: { ...race, rankBy: 'gun', resultsPublished: true },
      resultsUpdatedAt: '2027-03-14T15:00:00.000Z',
    });

    expect(html).toContain('<option value="gun" selected="">Gun time</option>');
    expect(text(html)).toContain('Published');
    expect(html).toContain('>Unpublish results</button>');
    expect(text(html)).toContain('Last import: ');
  });
});
