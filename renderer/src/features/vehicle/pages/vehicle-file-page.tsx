/**
 * /vehicle/:id (车辆档案): one car on one page — where it is and what is next, its seven stages in the
 * order it lives them, its document checklist (fill a gap right there), its history, and the actions
 * that fit its stage, each opening the stage's add form with the car chosen.
 */
import { useNavigate } from 'react-router-dom';
import { App, Button, Card, Col, Result, Row, Skeleton, Space } from 'antd';
import { CloseOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages as commonMessages } from '../../../../../contract/common';
import { stageTable } from '../../../../../contract/stage';
import { vehicleFileMessages } from '../../../../../contract/vehicle-file';
import { isHttpError } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';
import { vehicleFileQuery, vehicleKey } from '../../../api/vehicle-file';
import { HistoryList } from '../../../components/history-list';
import { useRouteRecordId } from '../../../components/route-record';
import { VehicleProfitCard } from '../../../components/vehicle-profit';
import { useClosePage } from '../../../components/use-close-page';
import { isEditableStage, saveSlot, stageAreaKeys } from '../api/save-slot';
import { DocumentChecklist, type SlotUpload } from '../components/document-checklist';
import { StageTimeline } from '../components/stage-timeline';
import { VehicleFileHeader } from '../components/vehicle-file-header';
import { nextSteps } from '../next-step';
import { stageAddLabels, stageAddPath } from '../vehicle-paths';

/** Where 返回 goes when the file was opened directly: 档案查询, the list of every car and its stages. */
const CLOSE_TO = '/filed/query_list';

export const vehicleFileTexts = {
  title: '车辆档案',
  missingText: '该车辆不存在或已被删除',
  loadFailed: '车辆档案加载失败',
  saved: (recordLabel: string) => `已保存到${recordLabel}`,
  saveFailed: '保存失败',
} as const;

export function VehicleFilePage() {
  const route = useRouteRecordId();
  return <VehicleFile key={route.id ?? 'bad'} vehicleId={route.id} />;
}

function VehicleFile({ vehicleId }: { vehicleId: number | undefined }) {
  const navigate = useNavigate();
  const closePage = useClosePage(CLOSE_TO);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const file = useQuery({
    // The page says itself that the car does not exist; the client's toast would say it twice.
    ...vehicleFileQuery(vehicleId ?? 0, { silent: true }),
    enabled: vehicleId !== undefined,
  });

  const notFound = vehicleId === undefined || (isHttpError(file.error) && file.error.status === 404);
  if (notFound) {
    return (
      <Result
        status="warning"
        title={vehicleFileMessages.notFound}
        subTitle={vehicleFileTexts.missingText}
        extra={
          <Button type="primary" onClick={closePage} autoFocus>
            返回
          </Button>
        }
      />
    );
  }
  if (file.isError && !file.data) {
    return (
      <Result
        status="warning"
        title={vehicleFileTexts.loadFailed}
        subTitle={file.error.message}
        extra={
          <Space>
            <Button type="primary" onClick={() => void file.refetch()}>
              重试
            </Button>
            <Button onClick={closePage}>返回</Button>
          </Space>
        }
      />
    );
  }

  const data = file.data;
  const id = vehicleId;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: vehicleKey(id) });
  };

  const upload = async ({ stage, field, paths }: SlotUpload) => {
    const item = data?.stages.find((candidate) => candidate.stage === stage);
    if (!item || item.record_id === null || !isEditableStage(stage)) return;
    setSaving(true);
    try {
      await saveSlot({ stage, recordId: item.record_id, updatedAt: item.updated_at, field, paths });
      void message.success(vehicleFileTexts.saved(stageTable[stage].recordLabel));
      for (const queryKey of [...stageAreaKeys[stage], queryKeys.filedQueryList, queryKeys.dashboard]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    } catch (error) {
      // Someone saved the record since the file was read: say so, and show the record as it is now.
      const text =
        isHttpError(error) && error.status === 409
          ? error.message || commonMessages.staleRecord
          : isHttpError(error) && error.message && !/^Error \d+$/.test(error.message)
            ? error.message
            : vehicleFileTexts.saveFailed;
      void message.error(text, 5);
    } finally {
      // The file and the car's history follow, whether the save went through or was refused as stale.
      await refresh();
      setSaving(false);
    }
  };

  const actions = data
    ? nextSteps(data.vehicle).flatMap((step) => {
        const path = step.add ? stageAddPath(step.add, data.vehicle.id, data.order?.id ?? null) : undefined;
        return step.add && path ? [{ stage: step.add, path }] : [];
      })
    : [];

  return (
    <div className="page vehicle-file-page">
      <Card
        variant="borderless"
        style={{ marginBottom: 16 }}
        title={vehicleFileTexts.title}
        extra={
          <Space wrap>
            {actions.map((action, index) => (
              <Button
                key={action.stage}
                type={index === 0 ? 'primary' : 'default'}
                icon={<PlusOutlined />}
                onClick={() => navigate(action.path)}
              >
                {stageAddLabels[action.stage]}
              </Button>
            ))}
            <Button icon={<ReloadOutlined />} loading={file.isFetching} onClick={() => void refresh()}>
              刷新
            </Button>
            <Button icon={<CloseOutlined />} onClick={closePage}>
              返回
            </Button>
          </Space>
        }
      >
        {data ? <VehicleFileHeader file={data} /> : <Skeleton active paragraph={{ rows: 3 }} />}
      </Card>
      {data ? (
        <>
          <Row gutter={16}>
            <Col xs={24} xl={9}>
              <Card size="small" title="业务进度" style={{ marginBottom: 16 }}>
                <StageTimeline file={data} />
              </Card>
              {/* Issue 26: what the car earned, from its contract's profit. */}
              {data.order ? <VehicleProfitCard orderId={data.order.id} vehicleId={data.vehicle.id} /> : null}
            </Col>
            <Col xs={24} xl={15}>
              <div style={{ marginBottom: 16 }}>
                <DocumentChecklist file={data} onUpload={upload} busy={saving || file.isFetching} />
              </div>
            </Col>
          </Row>
          <Card size="small" title="变更记录" className="vehicle-file-history">
            <HistoryList target={{ vehicleId: id }} />
          </Card>
        </>
      ) : (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
    </div>
  );
}
