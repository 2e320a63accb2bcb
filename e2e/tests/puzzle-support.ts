import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { screenshot } from './support.ts';

/** The slide puzzle solved as a person does: the gap found in the picture, the piece dragged into it. */
/**
 * Finds the gap in the puzzle picture as a person does by eye: the square of the background that
 * looks like the piece, darkened. Compares the piece's inside with every spot of its row.
 */
export async function findGap(page: Page): Promise<number> {
  const pieceImage = page.locator('.acc-puzzle__piece');
  await expect(pieceImage).toHaveJSProperty('complete', true);
  const src = (await pieceImage.getAttribute('src')) as string;
  const top = Number.parseInt(await pieceImage.evaluate((img: HTMLElement) => img.style.top), 10);
  const raw = async (part: 'background' | 'piece') => {
    const answer = await page.request.get(src.replace('part=piece', `part=${part}`));
    expect(answer.headers()['content-type']).toMatch(/^image\//);
    const bytes = await answer.body();
    return sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  };
  const background = await raw('background');
  const piece = await raw('piece');
  const size = piece.info.width;
  const edge = 5; // the outline and the rounded corners
  let best = { x: 0, cost: Number.POSITIVE_INFINITY };
  for (let x = 0; x + size <= background.info.width; x += 1) {
    let cost = 0;
    for (let j = edge; j < size - edge; j += 1) {
      for (let i = edge; i < size - edge; i += 1) {
        const b = ((top + j) * background.info.width + x + i) * 4;
        const p = (j * size + i) * 4;
        for (let c = 0; c < 3; c += 1) cost += Math.abs(background.data[b + c] - piece.data[p + c] * 0.45);
      }
    }
    if (cost < best.cost) best = { x, cost };
  }
  return best.x;
}

/** Presses on the slider, moves the mouse until the piece sits at `target`, and lets go. */
export async function dragSliderTo(page: Page, target: number, shot = 'accounts-puzzle-solved-en-US') {
  const slider = page.getByTestId('puzzle-slider');
  const box = (await slider.boundingBox()) as { x: number; y: number; width: number; height: number };
  const max = Number(await slider.getAttribute('max'));
  const y = box.y + box.height / 2;
  const thumb = 8;
  let x = box.x + thumb;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const value = Number(await slider.inputValue());
    if (Math.abs(value - target) <= 1) break;
    x += ((target - value) * (box.width - 2 * thumb)) / max;
    await page.mouse.move(x, y, { steps: 8 });
  }
  expect(Math.abs(Number(await slider.inputValue()) - target)).toBeLessThanOrEqual(3);
  await screenshot(page, shot);
  await page.mouse.up();
}
