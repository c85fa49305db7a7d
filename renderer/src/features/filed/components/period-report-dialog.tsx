import { Alert, Button, Card, Col, Modal, Row, Skeleton, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { type Report, reportMessages } from '../../../../../contract/filed-period-report';
import { isHttpError } from '../../../api/http-client';
import { formatMoney } from '../../../components/format-money';
import { periodReportQuery, type ReportPeriod } from '../api/period-report';

/** The dialog's title: the period it counts, as the clerk picked it. */
export const periodReportTitle = (period: ReportPeriod) => `查询报表（${period.start_time} 至 ${period.end_time}）`;

interface Figure {
  key: keyof Report;
  title: string;
  /** Money with its currency sign, counts with their unit. */
  prefix?: string;
  suffix?: string;
  money?: boolean;
}

/** Contracts and money first, then the vehicles and how far their filing has come (DOMAIN.md, Counts). */
const contractFigures: Figure[] = [
  { key: 'orderNum', title: '合同数', suffix: '份' },
  { key: 'orderUsd', title: '美元合同金额', prefix: 'US$', money: true },
  { key: 'orderCny', title: '人民币合同金额', prefix: '¥', money: true },
  { key: 'carNum', title: '车辆数', suffix: '台' },
];
const vehicleFigures: Figure[] = [
  { key: 'carDrawback', title: '已退税', suffix: '台' },
  { key: 'carArchive', title: '已注销', suffix: '台' },
  { key: 'carFreight', title: '运费已完成', suffix: '台' },
  { key: 'carComplete', title: '归档完成', suffix: '台' },
];

function FigureCards({ report, figures }: { report: Report; figures: Figure[] }) {
  return (
    <Row gutter={[12, 12]}>
      {figures.map((figure) => (
        <Col key={figure.key} span={6}>
          <Card size="small" aria-label={figure.title}>
            <Statistic
              title={figure.title}
              value={report[figure.key]}
              prefix={figure.prefix}
              suffix={figure.suffix}
              formatter={figure.money ? (value) => formatMoney(Number(value)) : undefined}
              styles={{ content: { fontSize: figure.money ? 18 : 22, lineHeight: '32px', whiteSpace: 'nowrap' } }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export interface PeriodReportDialogProps {
  /** The period to count; the dialog is closed without one. */
  period: ReportPeriod | null;
  onClose: () => void;
}

/**
 * 查询报表: the period's figures at a glance, on cards a clerk reads without scrolling (spec part 2,
 * sections 2 and 5; the contracts are those created in the period, end day included).
 */
export function PeriodReportDialog({ period, onClose }: PeriodReportDialogProps) {
  const report = useQuery({ ...periodReportQuery(period ?? { start_time: '', end_time: '' }), enabled: !!period });
  const failure = report.error ? (isHttpError(report.error) ? report.error.message : reportMessages.failed) : null;
  return (
    <Modal
      open={!!period}
      title={period ? periodReportTitle(period) : '查询报表'}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          关闭
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        按海外合同的创建日期统计（含结束日）；车辆为这些合同的车辆。
      </Typography.Paragraph>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          action={
            <Button size="small" onClick={() => void report.refetch()}>
              重试
            </Button>
          }
        />
      ) : report.data ? (
        <div aria-label="报表数据" style={{ display: 'grid', gap: 16 }}>
          <section>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              合同
            </Typography.Title>
            <FigureCards report={report.data} figures={contractFigures} />
          </section>
          <section>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              车辆归档
            </Typography.Title>
            <FigureCards report={report.data} figures={vehicleFigures} />
          </section>
        </div>
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </Modal>
  );
}
