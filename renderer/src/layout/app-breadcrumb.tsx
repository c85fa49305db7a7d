import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { breadcrumbFor } from '../app/route-tree';

/** Always starting at 首页 (spec part 1, section 2). */
export function AppBreadcrumb() {
  const { pathname } = useLocation();
  const crumbs = breadcrumbFor(pathname);
  return (
    <Breadcrumb
      className="app-breadcrumb"
      items={crumbs.map((crumb, index) => ({
        key: `${index}-${crumb.title}`,
        title: crumb.path && index < crumbs.length - 1 ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
      }))}
    />
  );
}
