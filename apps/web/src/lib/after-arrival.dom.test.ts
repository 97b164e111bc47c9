// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { hideOnInteraction } from './after-arrival';

it('hides the notice before the page handles the click (a dialog it opens is never covered)', () => {
  const button = document.createElement('button');
  document.body.append(button);
  const order: string[] = [];
  button.addEventListener('click', () => order.push('page opens a dialog'));
  hideOnInteraction(window, () => order.push('notice hidden'), 4000);
  button.click();
  button.click();
  expect(order).toEqual(['notice hidden', 'page opens a dialog', 'page opens a dialog']);
  button.remove();
});
