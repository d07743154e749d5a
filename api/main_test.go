package api_test

import (
	"testing"

	"topup/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }
