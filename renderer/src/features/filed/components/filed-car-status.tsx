import { Space, Tag } from 'antd';
import { FILED_STAGES, type FiledCar, filedCarText, filedStageText } from '../../../../../contract/filed';
import { stageTagColor } from '../../../../../contract/stage';

/**
 * A vehicle's filing in words (spec part 2, filed list: the combined pending/done text of its tax refund,
 * freight and deregistration), one tag per stage coloured as every status tag (grey not yet, orange
 * documents missing, green done); read aloud as the one sentence `filedCarText` makes.
 */
export function FiledCarStatus({ car }: { car: Pick<FiledCar, 'drawback' | 'archive' | 'freight'> }) {
  return (
    <Space size={[4, 4]} wrap className="filed-car-status" aria-label={filedCarText(car)}>
      {FILED_STAGES.map((stage) => (
        <Tag key={stage} color={stageTagColor(car[stage])} style={{ marginInlineEnd: 0 }}>
          {filedStageText(stage, car[stage])}
        </Tag>
      ))}
    </Space>
  );
}
