import { overseasEndpoints } from '../../../../../contract/overseas';
import { call } from '../../../api/call';

/** Hands a new contract to purchasing (status 2); its vehicles do not move. */
export const handOverOrder = (id: number) => call(overseasEndpoints.handOver, { params: { id } }, { silent: true });
