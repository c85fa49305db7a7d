import { describe, expect, it } from 'vitest';
import type { Flow, Stage } from '../../../../contract/stage';
import { nextSteps, nextStepText, registryStageOf } from './next-step';

const none: Record<Stage, number> = {
  entry: 0,
  plate: 0,
  release: 0,
  transfer: 0,
  exports: 0,
  drawback: 0,
  archive: 0,
  freight: 0,
};
const car = (flow: Flow | null, values: Partial<Record<Stage, number>> = {}, carType: 1 | 2 | null = 1) => ({
  flow,
  car_type: carType,
  ...none,
  ...values,
});

describe('what comes next for a car', () => {
  it('before and at purchase: the contract, then the hand-over to the yard', () => {
    expect(nextSteps(car(null, {}, null))).toEqual([{ text: '待签采购合同' }]);
    expect(nextSteps(car('purchase'))).toEqual([{ text: '待移交入库' }]);
  });

  it('at the yard: the check-in to make, then the hand-over to the registry', () => {
    expect(nextSteps(car('pickup'))).toEqual([{ text: '待入库', add: 'entry' }]);
    expect(nextSteps(car('pickup', { entry: 2 }))).toEqual([{ text: '待移交车管' }]);
  });

  it('at the registry: plating for a new car, transfer for a used one, documents, then the hand-over', () => {
    expect(nextSteps(car('registry', {}, 1))).toEqual([{ text: '待上牌', add: 'plate' }]);
    expect(nextSteps(car('registry', {}, 2))).toEqual([{ text: '待过户', add: 'transfer' }]);
    // A used car's plating value says nothing: only its transfer counts.
    expect(nextSteps(car('registry', { plate: 2 }, 2))).toEqual([{ text: '待过户', add: 'transfer' }]);
    expect(nextSteps(car('registry', { plate: 1 }, 1))).toEqual([{ text: '上牌资料待补齐' }]);
    expect(nextSteps(car('registry', { transfer: 1 }, 2))).toEqual([{ text: '过户资料待补齐' }]);
    expect(nextSteps(car('registry', { plate: 2 }, 1))).toEqual([{ text: '待移交出口' }]);
    expect(nextSteps(car('registry', { transfer: 2 }, 2))).toEqual([{ text: '待移交出口' }]);
  });

  it('at release: the pass and the declaration still without a record, then the hand-over to filing', () => {
    expect(nextSteps(car('release'))).toEqual([
      { text: '待出库', add: 'release' },
      { text: '待出口报关', add: 'exports' },
    ]);
    expect(nextSteps(car('release', { release: 2 }))).toEqual([{ text: '待出口报关', add: 'exports' }]);
    expect(nextSteps(car('release', { exports: 2 }))).toEqual([{ text: '待出库', add: 'release' }]);
    expect(nextSteps(car('release', { release: 2, exports: 2 }))).toEqual([{ text: '待移交归档' }]);
  });

  it('in filing: each of the three records not complete, a freight record lacking documents, then done', () => {
    expect(nextSteps(car('filing'))).toEqual([
      { text: '待退税', add: 'drawback' },
      { text: '待注销', add: 'archive' },
      { text: '待录入运费', add: 'freight' },
    ]);
    expect(nextSteps(car('filing', { drawback: 2, archive: 2, freight: 1 }))).toEqual([{ text: '运费资料待补齐' }]);
    expect(nextSteps(car('filing', { drawback: 2, freight: 2 }))).toEqual([{ text: '待注销', add: 'archive' }]);
    expect(nextSteps(car('filing', { drawback: 2, archive: 2, freight: 2 }))).toEqual([{ text: '已完成' }]);
  });

  it('joins the steps in one line for the header, and picks the registry stage by the car’s type', () => {
    expect(nextStepText(car('release'))).toBe('待出库、待出口报关');
    expect(registryStageOf(2)).toBe('transfer');
    expect(registryStageOf(1)).toBe('plate');
    expect(registryStageOf(null)).toBe('plate');
  });
});
