import os from 'node:os';
import path from 'node:path';
import { chromiumFlags, chromiumPath } from '../scripts/lib/chromium.mjs';
import { checkinScreen, fullName, raceClock, rosterOf, test, writeQrVideo } from './checkin-helpers';
import { expect } from './fixtures';

// Issue 33: the check-in screen reads a race pass's QR code with the camera — here Chromium's fake camera, playing
// a video of the pass's QR code that the test writes (the browser's own BarcodeDetector where it has one, else
// jsQR, bundled with the screen).

/** The fake camera's video, one per worker process: the test writes it before the page opens the camera. */
const video = path.join(os.tmpdir(), `stride-checkin-qr-${process.pid}.y4m`);

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      ...chromiumFlags,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

test('a race pass in front of the camera is checked in, and read again it is "already"', async ({
  page,
  organizer,
  raceDay: { race, runners },
}) => {
  const [, , zoe] = runners;
  await writeQrVideo(video, `stride:checkin:${zoe!.checkinCode}`);

  await page.goto(`/checkin/${race._id}`);
  const screen = checkinScreen(page);
  await expect(screen.result).toContainText('Checked in', { timeout: 15_000 });
  await expect(screen.result).toContainText(fullName(zoe!));
  await expect(screen.result).toContainText(`Bib ${zoe!.bib}`);
  await expect
    .poll(
      async () =>
        (await rosterOf(page.request, race._id)).entries.find((entry) => entry.checkedInAt)?.registrationId,
    )
    .toBe(zoe!._id);
  const checkedInAt = (await rosterOf(page.request, race._id)).entries.find(
    (entry) => entry.checkedInAt,
  )!.checkedInAt!;

  // The pass is still in front of the camera after the next tap: read again, it is already checked in.
  await page.getByRole('button', { name: 'Next scan' }).click();
  await expect(screen.result).toContainText(
    `Already checked in at ${raceClock(checkedInAt, race.timeZone)} by ${organizer.name}`,
  );
});
