/**
 * What comes next for a car, in the clerk's words, from where it is (its flow) and what its records say
 * (the stage values): pure, so that the header, the actions and their test read one rule.
 *
 * - not bought: 待签采购合同; bought: 待移交入库 (purchasing hands it to the yard);
 * - at the yard: 待入库 without a check-in, else 待移交车管;
 * - at the registry: 待上牌 / 待过户 without the record (a used car is transferred), 上牌资料待补齐 /
 *   过户资料待补齐 while documents are missing, else 待移交出口;
 * - at release: 待出库 and / or 待出口报关 for what is still without a record, else 待移交归档;
 * - filing: 待退税, 待注销, 待录入运费 (运费资料待补齐 for a freight record without both documents) for
 *   what is not complete, else 已完成.
 *
 * `add` names the record the clerk would make for a step (the file's action buttons).
 */
import type { Stage } from '../../../../contract/stage';
import { CAR_TYPES, type VehicleFile } from '../../../../contract/vehicle-file';

export interface NextStep {
  text: string;
  /** The stage whose record this step makes, when it is one. */
  add?: Stage;
}

type FileVehicle = Pick<VehicleFile['vehicle'], 'flow' | 'car_type'> & Record<Stage, number>;

/** The registry stage of a car: transfer for a used car, plating otherwise. */
export const registryStageOf = (carType: 1 | 2 | null): 'plate' | 'transfer' =>
  carType === CAR_TYPES.used ? 'transfer' : 'plate';

export function nextSteps(vehicle: FileVehicle): NextStep[] {
  switch (vehicle.flow) {
    case null:
      return [{ text: '待签采购合同' }];
    case 'purchase':
      return [{ text: '待移交入库' }];
    case 'pickup':
      return vehicle.entry === 0 ? [{ text: '待入库', add: 'entry' }] : [{ text: '待移交车管' }];
    case 'registry': {
      const stage = registryStageOf(vehicle.car_type);
      const word = stage === 'plate' ? '上牌' : '过户';
      if (vehicle[stage] === 0) return [{ text: `待${word}`, add: stage }];
      if (vehicle[stage] === 1) return [{ text: `${word}资料待补齐` }];
      return [{ text: '待移交出口' }];
    }
    case 'release': {
      const steps: NextStep[] = [];
      if (vehicle.release === 0) steps.push({ text: '待出库', add: 'release' });
      if (vehicle.exports === 0) steps.push({ text: '待出口报关', add: 'exports' });
      return steps.length > 0 ? steps : [{ text: '待移交归档' }];
    }
    case 'filing': {
      const steps: NextStep[] = [];
      if (vehicle.drawback === 0) steps.push({ text: '待退税', add: 'drawback' });
      if (vehicle.archive === 0) steps.push({ text: '待注销', add: 'archive' });
      if (vehicle.freight === 0) steps.push({ text: '待录入运费', add: 'freight' });
      else if (vehicle.freight === 1) steps.push({ text: '运费资料待补齐' });
      return steps.length > 0 ? steps : [{ text: '已完成' }];
    }
  }
}

/** The steps as one line of the header: 待出库、待出口报关. */
export const nextStepText = (vehicle: FileVehicle): string =>
  nextSteps(vehicle)
    .map((step) => step.text)
    .join('、');
