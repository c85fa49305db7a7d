/**
 * A record named by the route (`/overseas/edit/:id`, `/purchase/info/:id`): its id, and the page shown
 * when there is no such record, so that every form and detail page says it the same way.
 */
import { useParams } from 'react-router-dom';
import { Button, Result, Space } from 'antd';
import { messages as commonMessages } from '../../../contract/common';

export interface RouteRecordId {
  /** The id, when the route names a valid one (a whole number above 0). */
  id: number | undefined;
  /** The route names a record at all (an edit form rather than a new one). */
  given: boolean;
  /** The route names a record, but its id cannot be one (`/purchase/info/abc`). */
  bad: boolean;
}

/** `param`: the route parameter that names the record (`order_id` on /filed/detail/:order_id). */
export function useRouteRecordId(param = 'id'): RouteRecordId {
  const params = useParams();
  const given = params[param] !== undefined;
  const id = Number(params[param]);
  const valid = given && Number.isInteger(id) && id > 0;
  return { id: valid ? id : undefined, given, bad: given && !valid };
}

export interface RecordMissingProps {
  /** What is missing, said to the clerk (该采购合同不存在或已被删除). */
  missingText: string;
  onBack: () => void;
  /**
   * The record exists as far as anyone knows but did not load (a detail page): its title, the reason and
   * 重试. Without it the page says the record does not exist (a form has nothing to retry into).
   */
  loadFailed?: { title: string; reason: string | undefined; retry: () => void };
}

export function RecordMissing({ missingText, onBack, loadFailed }: RecordMissingProps) {
  const back = <Button onClick={onBack}>返回</Button>;
  return (
    <Result
      status="warning"
      title={loadFailed ? loadFailed.title : commonMessages.notFound}
      subTitle={loadFailed ? loadFailed.reason : missingText}
      extra={
        loadFailed ? (
          <Space>
            <Button onClick={loadFailed.retry}>重试</Button>
            {back}
          </Space>
        ) : (
          back
        )
      }
    />
  );
}
