import { ClockCircleOutlined, CloseOutlined, EnterOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, type InputRef, Modal } from 'antd';
import { createElement, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuIcon } from '../../shared/menu/menuIcons';
import { useMenuRoutes } from '../../shared/menu/useMenuRoutes';
import { useLayoutStore } from '../layoutStore';
import { createMenuSearch, type SearchItem, toSearchItems } from './searchConfig';
import { readHistory, rememberPath, saveHistory } from './searchHistory';

/** Fuzzy search over the visible menu pages, with arrow keys, Enter and recent searches. */
export const HeaderSearchModal = () => {
  const { t, i18n } = useTranslation('layout');
  const language = i18n.language === 'zh' ? 'zh' : 'en';
  const navigate = useNavigate();
  const open = useLayoutStore((s) => s.searchOpen);
  const setOpen = useLayoutStore((s) => s.setSearchOpen);
  const { routes } = useMenuRoutes();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [history, setHistory] = useState<string[]>(readHistory);
  const inputRef = useRef<InputRef>(null);

  const items = useMemo(() => toSearchItems(routes, language), [routes, language]);
  const search = useMemo(() => createMenuSearch(items), [items]);
  const recent = useMemo(
    () =>
      history.map((path) => items.find((i) => i.path === path)).filter((i): i is SearchItem => Boolean(i)),
    [history, items],
  );
  const showingRecent = query.trim() === '';
  const list = showingRecent ? recent : search(query);

  useEffect(() => {
    if (!open) return;
    setQuery('');
    setActive(0);
    setHistory(readHistory());
  }, [open]);

  const go = (item: SearchItem) => {
    const next = rememberPath(history, item.path);
    setHistory(next);
    saveHistory(next);
    setOpen(false);
    navigate(item.path);
  };

  const removeRecent = (path: string) => {
    const next = history.filter((p) => p !== path);
    setHistory(next);
    saveHistory(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (list.length ? (i + 1) % list.length : 0));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (list.length ? (i - 1 + list.length) % list.length : 0));
    } else if (event.key === 'Enter' && list[active]) {
      event.preventDefault();
      go(list[active]);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={() => setOpen(false)}
      footer={null}
      closable={false}
      width={600}
      className="cpm-search-modal"
      afterOpenChange={(visible) => visible && inputRef.current?.focus()}
      destroyOnHidden
    >
      <div data-testid="header-search-modal">
        <Input
          ref={inputRef}
          size="large"
          variant="borderless"
          prefix={<SearchOutlined />}
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          allowClear
          data-testid="header-search-input"
        />
        <div className="cpm-search-body">
          {showingRecent && recent.length > 0 && (
            <div className="cpm-search-section">
              <span>{t('search.recent')}</span>
              <Button
                type="link"
                size="small"
                onClick={() => {
                  setHistory([]);
                  saveHistory([]);
                }}
              >
                {t('search.clearRecent')}
              </Button>
            </div>
          )}
          {list.length === 0 ? (
            <div className="cpm-search-empty">{showingRecent ? t('search.noRecent') : t('search.empty')}</div>
          ) : (
            <div className="cpm-search-list" role="listbox">
              {list.map((item, index) => (
                <div
                  key={item.path}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={index === active ? 'is-active' : undefined}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => go(item)}
                  onKeyDown={() => undefined}
                  data-testid={showingRecent ? 'header-search-recent' : 'header-search-result'}
                >
                  <span className="cpm-search-item-icon">
                    {showingRecent ? <ClockCircleOutlined /> : createElement(menuIcon(item.icon))}
                  </span>
                  <span className="cpm-search-item-text">
                    <span className="cpm-search-item-title">{item.title}</span>
                    <span className="cpm-search-item-path">
                      {item.groupTitle} · {item.path}
                    </span>
                  </span>
                  {showingRecent ? (
                    <Button
                      type="text"
                      size="small"
                      icon={<CloseOutlined />}
                      aria-label={t('search.removeRecent')}
                      onClick={(event) => {
                        event.stopPropagation();
                        removeRecent(item.path);
                      }}
                    />
                  ) : (
                    index === active && <EnterOutlined className="cpm-search-item-enter" />
                  )}
                </div>
              ))}
            </div>
          )}
        </div>
        <div className="cpm-search-footer">
          <span>
            <kbd>↵</kbd> {t('search.hintSelect')}
          </span>
          <span>
            <kbd>↑</kbd>
            <kbd>↓</kbd> {t('search.hintNavigate')}
          </span>
          <span>
            <kbd>Esc</kbd> {t('search.hintClose')}
          </span>
        </div>
      </div>
    </Modal>
  );
};
