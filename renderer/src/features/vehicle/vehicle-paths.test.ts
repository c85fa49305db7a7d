import { describe, expect, it } from 'vitest';
import { STAGES } from '../../../../contract/stage';
import { findRoute } from '../../app/route-tree';
import { stageAddPath, stageEditPath, stageInfoPath } from './vehicle-paths';

const place = { orderId: 3, purchaseId: 7 };
const screenOf = (path: string | undefined) =>
  path ? findRoute(new URL(path, 'http://app').pathname)?.route.title : undefined;

describe('the vehicle file’s links to the stage records', () => {
  it('opens each stage’s record page, edit page and add form on a screen of the route table', () => {
    expect(STAGES.map((stage) => screenOf(stageInfoPath(stage, 41, place)))).toEqual([
      '入库详情',
      '上牌详情',
      '放行详情',
      '过户详情',
      '放行详情',
      '归档详情',
      '归档详情',
      '归档详情',
    ]);
    expect(STAGES.map((stage) => screenOf(stageEditPath(stage, 41, place)))).toEqual([
      '编辑入库',
      '编辑上牌',
      '编辑车辆放行',
      '编辑过户',
      '编辑出口报关',
      '编辑退税', // issue 26: a refund's amount is often added later
      '编辑注销',
      '编辑运费',
    ]);
    expect(STAGES.map((stage) => screenOf(stageAddPath(stage, 9, 3)))).toEqual([
      '车辆入库',
      '新增上牌',
      '车辆放行',
      '新增过户',
      '新增出口报关',
      '退税',
      '注销',
      '运费',
    ]);
  });

  it('names the car in every add form and the contract in the filing ones', () => {
    expect(stageAddPath('plate', 9, 3)).toBe('/dmv/lincense_add?vehicle=9');
    expect(stageAddPath('freight', 9, 3)).toBe('/filed/freight_add/3?vehicle=9');
    // Without an overseas contract there is no filing form to open.
    expect(stageAddPath('archive', 9, null)).toBeUndefined();
    expect(stageInfoPath('release', 5, { orderId: 3, purchaseId: null })).toBeUndefined();
    expect(stageInfoPath('entry', 5, { orderId: null, purchaseId: null })).toBe('/pickup/info/0/0/5');
  });
});
