import { orderPaths, type Order } from '../../../../../contract/overseas';
import { apiGet } from '../../../api/http-client';

export const getOrder = (id: number): Promise<Order> => apiGet<Order>(orderPaths.one(id));
