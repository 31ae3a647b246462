package api

// krakenRoutes mounts the Star Kraken continuation pages under /kraken/.
// (Filled in when web/kraken lands.)
func (s *Server) krakenRoutes() {}
