import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { uploadedImagePath } from '@stride/shared/images';
import { AvatarPhoto, PosterImage } from './pictures';

const HASH = 'a'.repeat(64);

describe('PosterImage', () => {
  it('offers both widths of an uploaded poster, named as the race’s poster', () => {
    const html = renderToStaticMarkup(
      <PosterImage src={uploadedImagePath(HASH)} title="Capital City Marathon" sizes="100vw" />,
    );

    expect(html).toContain(`src="/api/images/${HASH}.webp"`);
    expect(html).toContain(`srcSet="/api/images/${HASH}-600.webp 600w, /api/images/${HASH}.webp 1200w"`);
    expect(html).toContain('alt="Poster of Capital City Marathon"');
  });

  it('gives a poster from elsewhere no srcset', () => {
    const html = renderToStaticMarkup(<PosterImage src="https://example.org/poster.jpg" title="Tagus Run" />);

    expect(html).toContain('src="https://example.org/poster.jpg"');
    expect(html).not.toContain('srcSet');
  });

  it('shows the race’s initials on the brand colour when there is no poster, as an image with the poster’s name', () => {
    const html = renderToStaticMarkup(
      <PosterImage src="" title="Capital City Marathon" className="h-full" />,
    );

    expect(html).not.toContain('<img');
    expect(html).toMatch(
      /^<div role="img" aria-label="Poster of Capital City Marathon" class="bg-primary text-primary-content [^"]*h-full"/,
    );
    expect(html).toContain('<span aria-hidden="true" class="text-5xl font-black">CC</span>');
  });
});

describe('AvatarPhoto', () => {
  it('shows the photo, named by the person', () => {
    const html = renderToStaticMarkup(<AvatarPhoto name="Ada Runner" photoUrl={uploadedImagePath(HASH)} />);

    expect(html).toContain('alt="Ada Runner"');
    expect(html).toContain(`/api/images/${HASH}-600.webp 600w`);
    expect(html).toContain('sizes="40px"');
  });

  it('shows the person’s initial when there is no photo', () => {
    const html = renderToStaticMarkup(<AvatarPhoto name="ada Runner" photoUrl={null} />);

    expect(html).not.toContain('<img');
    expect(html).toMatch(/>A<\/span>$/);
  });
});
