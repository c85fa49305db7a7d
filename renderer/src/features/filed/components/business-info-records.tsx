/**
 * The business information page's stage tabs, each from the vehicle's records as `procedureRead` answers
 * them (the very shapes of the stages' own reads) and with the views the stages' own pages use:
 * StageDocumentsView for a record's documents (pictures open the preview, other files are links), the
 * release pass and export declaration cards of the release detail (without 编辑: this page only reads),
 * and the contract detail's RecordTabs for tax refund, deregistration and freight.
 */
import type { ReactNode } from 'react';
import { Card, Descriptions, Typography } from 'antd';
import type { ProcedureRead } from '../../../../../contract/filed-business-info';
import { formatTime } from '../../../components/format-time';
import { RecordTabs, type RecordTabKey } from '../../../components/record-tabs';
import { ExportRecordCard, ReleaseRecordCard } from '../../../components/release-record-cards';
import { StageDocumentsView } from '../../../components/stage-documents';

/** Thumbnails of a record's pictures. */
const PHOTO_SIZE = 120;

function Section({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <section aria-label={title} style={{ marginBottom: 16 }}>
      <Typography.Title level={5} style={{ fontSize: 15 }}>
        {title}
      </Typography.Title>
      {/* One line, not the empty picture: a used car has no plating, a 免入库 vehicle no check-in. */}
      {children.length === 0 ? <Typography.Text type="secondary">{empty}</Typography.Text> : children}
    </section>
  );
}

/** 出入库: the check-in (agent, time, remark, VIN photo, exterior photo, other photos) and the release pass. */
export function BusinessInfoYard({ data }: { data: ProcedureRead }) {
  return (
    <>
      <Section title="入库" empty="暂无入库记录">
        {data.entry.map((entry) => (
          <Card key={entry.id} size="small" title="入库记录" aria-label="入库记录" style={{ marginBottom: 16 }}>
            <Descriptions
              column={{ xs: 1, md: 3 }}
              size="small"
              style={{ marginBottom: 12 }}
              items={[
                { key: 'dl_name', label: '代理人', children: entry.dl_name || '—' },
                { key: 'created_at', label: '入库时间', children: formatTime(entry.created_at) },
                {
                  key: 'remark',
                  label: '备注',
                  children: entry.remark ? (
                    <span style={{ whiteSpace: 'pre-wrap' }}>{entry.remark}</span>
                  ) : (
                    <Typography.Text type="secondary">无</Typography.Text>
                  ),
                },
              ]}
            />
            <StageDocumentsView stage="entry" record={entry} size={PHOTO_SIZE} photosBeside />
          </Card>
        ))}
      </Section>
      <Section title="出库" empty="暂无出库记录">
        {data.release.map((record) => (
          <ReleaseRecordCard key={record.id} record={record} />
        ))}
      </Section>
    </>
  );
}

/** 上牌过户: the plating (appointment date, eight documents, photos) and the transfer (five documents, photos). */
export function BusinessInfoRegistry({ data }: { data: ProcedureRead }) {
  return (
    <>
      <Section title="上牌" empty="暂无上牌记录">
        {data.plate.map((plate) => (
          <Card key={plate.id} size="small" title="上牌记录" aria-label="上牌记录" style={{ marginBottom: 16 }}>
            <Descriptions
              column={{ xs: 1, md: 3 }}
              size="small"
              style={{ marginBottom: 12 }}
              items={[
                { key: 'yy_date', label: '预约日期', children: plate.yy_date ?? '未预约' },
                { key: 'created_at', label: '上牌时间', children: formatTime(plate.created_at) },
                { key: 'updated_at', label: '最后修改', children: formatTime(plate.updated_at) },
              ]}
            />
            <StageDocumentsView stage="plate" record={plate} size={PHOTO_SIZE} />
          </Card>
        ))}
      </Section>
      <Section title="过户" empty="暂无过户记录">
        {data.transfer.map((transfer) => (
          <Card key={transfer.id} size="small" title="过户记录" aria-label="过户记录" style={{ marginBottom: 16 }}>
            <Descriptions
              column={{ xs: 1, md: 3 }}
              size="small"
              style={{ marginBottom: 12 }}
              items={[
                { key: 'created_at', label: '过户时间', children: formatTime(transfer.created_at) },
                { key: 'updated_at', label: '最后修改', children: formatTime(transfer.updated_at) },
              ]}
            />
            <StageDocumentsView stage="transfer" record={transfer} size={PHOTO_SIZE} />
          </Card>
        ))}
      </Section>
    </>
  );
}

/** 出口报关: the declaration's number, export date, amount with currency, vehicles and documents. */
export function BusinessInfoExports({ data }: { data: ProcedureRead }) {
  return (
    <>
      {data.exports.map((record) => (
        <ExportRecordCard key={record.id} record={record} />
      ))}
    </>
  );
}

/** 归档: the tax refund, deregistration and freight records holding the vehicle, the first with one open. */
export function BusinessInfoClosing({ data }: { data: ProcedureRead }) {
  const first = (['drawback', 'archive', 'freight'] as const).find((key) => data[key].length > 0);
  const defaultTab: RecordTabKey = first ?? 'drawback';
  return <RecordTabs drawback={data.drawback} archive={data.archive} freight={data.freight} defaultTab={defaultTab} />;
}
