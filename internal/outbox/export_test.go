package outbox

// Claims is how many claims the dispatcher has made.
func (d *Dispatcher) Claims() int64 { return d.claims.Load() }
