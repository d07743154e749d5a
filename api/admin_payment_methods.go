package api

import (
	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

func toAdminPaymentMethodJSON(v store.PaymentMethodRow) contract.AdminPaymentMethod {
	return contract.AdminPaymentMethod{ID: v.ID, Name: v.Name, HolderName: v.HolderName, Phone: v.Phone, Icon: v.Icon,
		Kind: v.Kind, MaintenanceMessage: v.MaintenanceMessage, IsActive: v.IsActive, Sort: v.Sort,
		CreatedAt: v.CreatedAt, UpdatedAt: v.UpdatedAt}
}

type adminPaymentMethodRequest struct {
	Name               *string `json:"name"`
	HolderName         *string `json:"holder_name"`
	Phone              *string `json:"phone"`
	Icon               *string `json:"icon"`
	Kind               *string `json:"kind"`
	MaintenanceMessage *string `json:"maintenance_message"`
	IsActive           *bool   `json:"is_active"`
	Sort               *int    `json:"sort"`
}

func (r adminPaymentMethodRequest) apply(v *store.PaymentMethodRow) error {
	adminSet(&v.Name, r.Name)
	adminSet(&v.HolderName, r.HolderName)
	adminSet(&v.Phone, r.Phone)
	adminSet(&v.Icon, r.Icon)
	adminSet(&v.Kind, r.Kind)
	adminSet(&v.MaintenanceMessage, r.MaintenanceMessage)
	adminSet(&v.IsActive, r.IsActive)
	adminSet(&v.Sort, r.Sort)
	f := fieldErrors{}
	v.Name = adminName(f, "name", v.Name, true, 100)
	v.HolderName = adminName(f, "holder_name", v.HolderName, true, 100)
	v.Phone = adminName(f, "phone", v.Phone, true, 50)
	v.Icon = adminURL(f, "icon", v.Icon)
	v.MaintenanceMessage = adminLongText(f, "maintenance_message", v.MaintenanceMessage, 500)
	if v.Kind != "wallet" && v.Kind != "bank" {
		f.add("kind", i18n.ChoosePaymentKind)
	}
	return f.err()
}

// adminTablePaymentMethods lists, creates and patches payment methods.
func (s *Server) adminTablePaymentMethods() adminTable[store.PaymentMethodRow, adminPaymentMethodRequest, contract.AdminPaymentMethod] {
	return adminTable[store.PaymentMethodRow, adminPaymentMethodRequest, contract.AdminPaymentMethod]{
		list: s.opts.Store.AdminPaymentMethods, create: s.opts.Store.CreatePaymentMethod, update: s.opts.Store.UpdatePaymentMethod,
		toJSON: toAdminPaymentMethodJSON, fresh: store.PaymentMethodRow{IsActive: true},
	}
}
