/**
 * The car's seven stages in the order it lives them (check-in, plating or transfer, release, export, tax
 * refund, deregistration, freight): done (2), in progress (1: a record with documents missing) or not
 * started (0), when and by whom, and the links to the record's page and its edit page. A stage without a
 * record that the car has reached offers its add form, pre-filled with the car; a car handed on with
 * 免入库 shows its check-in as 免入库.
 */
import { Link } from 'react-router-dom';
import { Space, Steps, Tag, Typography } from 'antd';
import { recordAllowedIn, type Stage } from '../../../../../contract/stage';
import type { VehicleFile } from '../../../../../contract/vehicle-file';
import { formatTime } from '../../../components/format-time';
import { stageAddPath, stageAddRecordLabel, stageEditPath, stageInfoPath } from '../vehicle-paths';

type FileStage = VehicleFile['stages'][number];

export const stageStateLabels: Record<0 | 1 | 2, string> = { 0: '未开始', 1: '进行中', 2: '已完成' };
const stateColors = { 0: 'default', 1: 'warning', 2: 'success' } as const;
const stepStatus = { 0: 'wait', 1: 'process', 2: 'finish' } as const;

/** Whether the file shows this stage's check-in as 免入库 rather than as a stage to do. */
export const skippedEntry = (file: VehicleFile, stage: Stage): boolean =>
  stage === 'entry' && file.vehicle.no_entry && file.stages.find((item) => item.stage === 'entry')?.record_id == null;

function StageLinks({ file, item }: { file: VehicleFile; item: FileStage }) {
  const place = { orderId: file.order?.id ?? null, purchaseId: file.purchases[0]?.id ?? null };
  if (item.record_id !== null) {
    const info = stageInfoPath(item.stage, item.record_id, place);
    const edit = stageEditPath(item.stage, item.record_id, place);
    return (
      <Space size={12}>
        {info && (
          <Link to={info} aria-label={`查看${item.label}记录`}>
            查看
          </Link>
        )}
        {edit && (
          <Link to={edit} aria-label={`编辑${item.label}记录`}>
            编辑
          </Link>
        )}
      </Space>
    );
  }
  if (skippedEntry(file, item.stage)) return <Typography.Text type="secondary">免入库，无需入库记录</Typography.Text>;
  const add = recordAllowedIn(item.stage, file.vehicle.flow)
    ? stageAddPath(item.stage, file.vehicle.id, file.order?.id ?? null)
    : undefined;
  return add ? <Link to={add}>{stageAddRecordLabel(item.stage)}</Link> : null;
}

export function StageTimeline({ file }: { file: VehicleFile }) {
  const missingOf = (stage: Stage) => file.missing.filter((slot) => slot.stage === stage).length;
  return (
    <Steps
      className="vehicle-file-timeline"
      orientation="vertical"
      size="small"
      items={file.stages.map((item) => {
        const skipped = skippedEntry(file, item.stage);
        // A stage not started misses all its documents: the checklist lists them, the timeline need not.
        const missing = item.record_id === null ? 0 : missingOf(item.stage);
        return {
          key: item.stage,
          status: skipped ? 'finish' : stepStatus[item.value],
          title: (
            <Space size={8} className="vehicle-file-stage" data-stage={item.stage}>
              <span>{item.label}</span>
              {skipped ? <Tag>免入库</Tag> : <Tag color={stateColors[item.value]}>{stageStateLabels[item.value]}</Tag>}
              {missing > 0 && <Typography.Text type="danger">缺少 {missing} 份资料</Typography.Text>}
            </Space>
          ),
          content: (
            <Space orientation="vertical" size={0}>
              {item.done_at && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatTime(item.done_at)}
                  {item.done_by ? ` · ${item.done_by}` : ''}
                </Typography.Text>
              )}
              <StageLinks file={file} item={item} />
            </Space>
          ),
        };
      })}
    />
  );
}
