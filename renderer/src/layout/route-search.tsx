import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { searchableRoutes } from '../app/route-tree';
import { desktop } from '../platform/desktop';

/** Jumps to a screen by its title (or its group's). */
export function RouteSearch() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const options = useMemo(
    () => searchableRoutes(desktop.kind).map((entry) => ({ value: entry.path, label: entry.label })),
    [],
  );

  return (
    <div className={open ? 'route-search open' : 'route-search'}>
      {/* A native title, not a Tooltip: a tooltip would cover the suggestions. */}
      <button
        type="button"
        className="nav-icon-button"
        aria-label="搜索页面"
        title="搜索页面"
        onClick={() => setOpen(!open)}
      >
        <SearchOutlined />
      </button>
      {open ? (
        <Select
          className="route-search-select"
          showSearch={{ optionFilterProp: 'label' }}
          autoFocus
          defaultOpen
          placeholder="搜索页面"
          aria-label="搜索页面"
          options={options}
          value={null}
          notFoundContent="没有找到页面"
          onChange={(path: string) => {
            setOpen(false);
            navigate(path);
          }}
          onBlur={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
