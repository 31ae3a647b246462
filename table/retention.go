package table

// Forget drops a deleted table from memory: its streams are closed (with
// the reason "table_deleted"), its timers disarmed. Retention calls it for
// each table it deletes.
func (s *Service) Forget(id string) {
	s.mu.Lock()
	delete(s.tables, id)
	s.mu.Unlock()
	s.lru.remove(id)
	s.pads.Delete(id)
	s.timers.forget(id)
	s.hub.closeTable(id)
}

// closeTable ends every stream of a table.
func (h *hub) closeTable(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sub := range h.subs[id] {
		sub.kick(reasonDeleted)
	}
}

// forget disarms every timer of a table.
func (ts *timerScheduler) forget(tableID string) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	prefix := tableID + "/"
	for key, sc := range ts.m {
		if len(key) > len(prefix) && key[:len(prefix)] == prefix {
			sc.t.Stop()
			delete(ts.m, key)
		}
	}
}
