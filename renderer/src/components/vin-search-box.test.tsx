import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import type { CarSearchStage } from '../../../contract/vehicle';
import { renderInApp } from '../testing/render-app';
import { envelope } from '../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { VIN_SUGGESTION_DELAY_MS, vinSearchMessages, VinSearchBox } from './vin-search-box';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();
const vehicles = [
  { id: 1, vin: 'LSVAB4187E2123456' },
  { id: 2, vin: 'LSVCD4187E2654321' },
  { id: 3, vin: 'WDB1234567A123456' },
];

beforeEach(() => {
  // Substring match, ignoring case, as API.md says the server does.
  server.on('GET /api/car/search', (request) => {
    const text = (request.query.get('vin') ?? '').toUpperCase();
    return envelope(
      200,
      vehicles.filter((car) => car.vin.includes(text)),
    );
  });
});

const searches = () => server.requests.filter((request) => request.path === '/api/car/search');

/** The box inside a form, as every screen uses it; the submitted values are recorded. */
function FormWithBox({ submitted, stage }: { submitted: Array<Record<string, unknown>>; stage?: CarSearchStage }) {
  const [picked, setPicked] = useState<number>();
  return (
    <Form onFinish={(values: Record<string, unknown>) => submitted.push(values)}>
      <Form.Item label="原车架号" name="vin">
        <VinSearchBox stage={stage} onPick={(car) => setPicked(car.id)} />
      </Form.Item>
      <output data-testid="picked">{picked ?? ''}</output>
      <Button htmlType="submit">提交</Button>
    </Form>
  );
}

describe('VinSearchBox', () => {
  it('asks the server once, 1 s after typing stops, and upper-cases what was typed', async () => {
    const submitted: Array<Record<string, unknown>> = [];
    renderInApp(<FormWithBox submitted={submitted} />);
    const box = screen.getByLabelText('原车架号');
    const started = performance.now();
    await userEvent.type(box, 'lsv 41');
    expect(box).toHaveValue('LSV41');
    // Still typing (and right after): nothing asked yet.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches()).toHaveLength(0);

    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(performance.now() - started).toBeGreaterThanOrEqual(VIN_SUGGESTION_DELAY_MS);
    expect(searches()[0]?.query.get('vin')).toBe('LSV41');
    expect(searches()[0]?.query.has('stage')).toBe(false);
    expect(searches()[0]?.authorization).toBe('Bearer live-token');
  });

  it('lists the matching VINs with the typed text highlighted', async () => {
    renderInApp(<FormWithBox submitted={[]} />);
    await userEvent.type(screen.getByLabelText('原车架号'), '4187');
    const first = await screen.findByTitle('LSVAB4187E2123456');
    expect(first.querySelector('mark')).toHaveTextContent('4187');
    const second = screen.getByTitle('LSVCD4187E2654321');
    expect(second.querySelector('mark')).toHaveTextContent('4187');
    expect(second).toHaveTextContent('LSVCD4187E2654321');
    expect(screen.queryByTitle('WDB1234567A123456')).not.toBeInTheDocument();
  });

  it('fills the box with the chosen VIN, which the form submits, and does not search again', async () => {
    const submitted: Array<Record<string, unknown>> = [];
    renderInApp(<FormWithBox submitted={submitted} />);
    const box = screen.getByLabelText('原车架号');
    await userEvent.type(box, '654');
    await userEvent.click(await screen.findByTitle('LSVCD4187E2654321'));
    expect(box).toHaveValue('LSVCD4187E2654321');
    expect(screen.getByTestId('picked')).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(submitted).toEqual([{ vin: 'LSVCD4187E2654321' }]));
    await new Promise((resolve) => setTimeout(resolve, VIN_SUGGESTION_DELAY_MS + 300));
    expect(searches()).toHaveLength(1);
  });

  it('passes the stage and says when nothing matches', async () => {
    renderInApp(<FormWithBox submitted={[]} stage="entry" />);
    await userEvent.type(screen.getByLabelText('原车架号'), 'zzz');
    expect(await screen.findByText(vinSearchMessages.noMatch)).toBeInTheDocument();
    expect(searches()[0]?.query.get('stage')).toBe('entry');
    expect(searches()[0]?.query.get('vin')).toBe('ZZZ');
  });

  it('says so in the list, without a toast, when the search fails', async () => {
    server.on('GET /api/car/search', envelope(500, { request_id: 'r1' }, '服务器错误'));
    renderInApp(<FormWithBox submitted={[]} />);
    await userEvent.type(screen.getByLabelText('原车架号'), 'LSV');
    expect(await screen.findByText(vinSearchMessages.failed)).toBeInTheDocument();
    expect(screen.queryByText('服务器错误')).not.toBeInTheDocument();
  });
});
