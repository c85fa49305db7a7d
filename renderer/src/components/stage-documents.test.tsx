import { describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, Form } from 'antd';
import {
  documentBodyFields,
  documentFormValues,
  documentRateText,
  StageDocumentFields,
  StageDocumentsView,
  stageSlots,
} from './stage-documents';

configure({ asyncUtilTimeout: 5000 });

const doc = (name: string) => `/storage/document/2026/11/${name}.pdf`;

/** The plating's slots as spec part 2 lists them (field, label), written out rather than read from the table. */
const PLATE_SLOTS = [
  ['xsz_image', '行驶证'],
  ['djz_image', '登记证书'],
  ['lp_image', '临时牌照'],
  ['fp_image', '新车发票'],
  ['hgz_image', '合格证'],
  ['ycxzs_image', '一致性证书'],
  ['hbqd_image', '环保清单'],
  ['bx_image', '保险单'],
  ['car_image', '其他照片'],
] as const;

describe('stage documents: from the stage table', () => {
  it('turns a record’s paths into the form’s lists and back, slot by slot', () => {
    const record = { xsz_image: doc('xsz'), djz_image: null, car_image: ['/storage/image/2026/11/a.png'], vin: 'X' };
    const values = documentFormValues('plate', record);
    expect(Object.keys(values)).toEqual(PLATE_SLOTS.map(([field]) => field));
    expect(values).toMatchObject({
      xsz_image: [doc('xsz')],
      djz_image: [],
      bx_image: [],
      car_image: ['/storage/image/2026/11/a.png'],
    });
    const body = documentBodyFields('plate', values);
    expect(body).toMatchObject({ xsz_image: doc('xsz'), djz_image: '', car_image: ['/storage/image/2026/11/a.png'] });
    expect(body).not.toHaveProperty('vin');
    expect(documentRateText('plate', record)).toBe('1/8');
    expect(documentRateText('transfer', { djz_image: doc('d'), xsz_image: doc('x') })).toBe('2/5');
    expect(stageSlots('release').documents.map((slot) => slot.label)).toEqual(['放行条', '离场照片']);
  });

  it('builds one slot per document, counts them as the form changes, and asks for a required one', async () => {
    function Harness() {
      const [form] = Form.useForm();
      return (
        <App>
          <Form form={form} initialValues={documentFormValues('plate', { lp_image: doc('lp') })}>
            <StageDocumentFields stage="plate" form={form} />
            <Button onClick={() => form.setFieldsValue({ fp_image: [doc('fp')], hgz_image: [doc('hgz')] })}>
              两份
            </Button>
          </Form>
        </App>
      );
    }
    render(<Harness />);
    for (const [, label] of PLATE_SLOTS) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('资料上传进度')).toHaveTextContent('已上传 1/8');
    await userEvent.click(screen.getByRole('button', { name: /两\s*份/ }));
    await waitFor(() => expect(screen.getByLabelText('资料上传进度')).toHaveTextContent('已上传 3/8'));
  });

  it('gives a required slot the stage’s message (the release pass reuses it) and shows no rate there', async () => {
    let validate: () => Promise<unknown> = () => Promise.resolve();
    function Harness() {
      const [form] = Form.useForm();
      validate = () => form.validateFields();
      return (
        <App>
          <Form form={form} initialValues={documentFormValues('release', {})}>
            <StageDocumentFields stage="release" form={form} />
          </Form>
        </App>
      );
    }
    render(<Harness />);
    expect(screen.queryByLabelText('资料上传进度')).not.toBeInTheDocument();
    await validate().catch(() => undefined);
    expect(await screen.findByText('请上传放行条')).toBeInTheDocument();
    expect(screen.getByText('请上传离场照片')).toBeInTheDocument();
  });

  it('shows a record read-only: each document under its label, 未上传 where missing, and n/5', () => {
    render(
      <App>
        <StageDocumentsView
          stage="transfer"
          record={{ djz_image: null, lp_image: null, xsz_image: null, car_image: [] }}
        />
      </App>,
    );
    expect(screen.getByLabelText('资料上传进度')).toHaveTextContent('已上传 0/5');
    for (const label of ['登记证书', '临时牌照', '二手车发票', '增值税发票', '行驶证', '其他照片'])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getAllByText('未上传')).toHaveLength(6);
  });

  it('takes what the table allows each slot: the slip a PDF too, the photos pictures only; in the form’s order', () => {
    function Harness({ stage, order }: { stage: 'release' | 'entry'; order?: readonly string[] }) {
      const [form] = Form.useForm();
      return (
        <App>
          <Form form={form} initialValues={documentFormValues(stage, {})}>
            <StageDocumentFields stage={stage} form={form} order={order} photosXl={12} />
          </Form>
        </App>
      );
    }
    const view = render(<Harness stage="release" />);
    expect(screen.getByLabelText('放行条')).toHaveAttribute('accept', '.jpg,.png,.jpeg,.pdf');
    expect(screen.getByLabelText('离场照片')).toHaveAttribute('accept', '.jpg,.png,.jpeg');
    expect(screen.getByLabelText('其他照片')).toHaveAttribute('accept', '.jpg,.png,.jpeg');
    view.unmount();

    render(<Harness stage="entry" order={['wg_image', 'vin_image']} />);
    const labels = Array.from(document.querySelectorAll('.ant-form-item-label label'), (node) => node.textContent);
    expect(labels).toEqual(['外观照片', '车架号照片', '其他照片']);
    for (const label of labels)
      expect(screen.getByLabelText(label as string)).toHaveAttribute('accept', '.jpg,.png,.jpeg');
  });

  it('puts a check-in’s photo list beside its two photos, with how many it holds', () => {
    render(
      <App>
        <StageDocumentsView
          stage="entry"
          photosBeside
          record={{
            vin_image: null,
            wg_image: '/storage/image/2026/11/wg.png',
            car_image: ['/storage/image/2026/11/a.png', '/storage/image/2026/11/b.png'],
          }}
        />
      </App>,
    );
    const headers = Array.from(document.querySelectorAll('.ant-descriptions-item-label'), (node) => node.textContent);
    expect(headers).toEqual(['车架号照片', '外观照片', '其他照片（2）']);
    expect(screen.getAllByText('未上传')).toHaveLength(1);
    expect(screen.queryByLabelText('资料上传进度')).not.toBeInTheDocument();
  });
});
