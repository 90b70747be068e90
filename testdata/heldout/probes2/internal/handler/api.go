package handler

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"example.com/shop2/internal/service"
	"example.com/shop2/internal/store/bunrepo"
)

// API bundles the services behind the HTTP routes.
type API struct {
	Signup        *service.SignupService
	Teams         *service.TeamService
	Identities    *service.IdentityService
	Accounts      *service.AccountService
	Merchants     *service.MerchantService
	Devices       *service.DeviceService
	Referrals     *service.ReferralService
	Orders        *service.OrderService
	Invitations   *service.InvitationService
	Subscriptions *service.SubscriptionService
	GiftCards     *service.GiftCardService
	Shipping      *service.ShippingService
	Coupons       *service.CouponService
	Bonus         *service.BonusService
	APIKeys       *service.APIKeyService
	Endpoints     *service.EndpointService
	Exports       *service.ExportService
	Reports       *service.ReportService
	Addresses     *service.AddressService
	OTP           *service.OTPService
	MerchantAPI   *service.MerchantAPI
	Refunds       *service.RefundService
	Invoices      *service.InvoiceService
	Waitlist      *service.WaitlistService
	Samples       *service.SampleService
	Catalog       *service.CatalogService
	Checkout      *service.CheckoutService
	Withdrawals   *service.WithdrawalService
	Campaigns     *bunrepo.CampaignRepo
	Log           *slog.Logger
}

// Middlewares are assembled in main.
type Middlewares struct {
	Auth        func(http.Handler) http.Handler
	LoginLimit  func(http.Handler) http.Handler
	APILimit    func(http.Handler) http.Handler
	IdemV1      func(http.Handler) http.Handler
	IdemV2      func(http.Handler) http.Handler
	StripeHook  http.Handler
	CarrierHook http.Handler
}

func (a *API) Routes(mw Middlewares) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.RealIP, middleware.Recoverer, middleware.Timeout(30*time.Second))

	r.Post("/webhooks/stripe", mw.StripeHook.ServeHTTP)
	r.Post("/webhooks/carrier", mw.CarrierHook.ServeHTTP)

	r.Post("/signup", a.register)
	r.With(mw.LoginLimit).Post("/login/otp", a.sendOTP)
	r.Get("/products/{sku}", a.product)
	r.Post("/waitlist", a.joinWaitlist)
	r.Post("/restock-alerts", a.restockAlert)
	r.Get("/oauth/{provider}/callback", a.oauthCallback)

	r.Group(func(r chi.Router) {
		r.Use(mw.Auth, mw.APILimit)

		r.Post("/teams", a.createTeam)
		r.Post("/me/identities/{provider}", a.linkIdentity)
		r.Post("/me/devices/trust", a.trustBrowser)
		r.Post("/me/verification/resend", a.resendVerification)
		r.Post("/me/referral", a.applyReferral)
		r.Post("/me/addresses", a.addAddress)
		r.Post("/me/cards", a.saveCard)
		r.Post("/me/api-keys", a.createAPIKey)
		r.Post("/me/gift-cards/redeem", a.redeemGiftCard)
		r.Post("/me/vouchers/redeem", a.redeemVoucher)
		r.Post("/me/bonus/daily", a.claimDaily)
		r.Post("/me/bonus/weekly", a.claimWeekly)
		r.Post("/me/samples", a.claimSample)
		r.Post("/me/withdrawals", a.withdraw)
		r.Post("/me/campaigns/{id}/claim", a.claimCampaign)
		r.Post("/me/streak/claim", a.claimStreak)
		r.Post("/invitations/{token}/accept", a.acceptInvitation)
		r.Post("/subscriptions/{id}/pause", a.pauseSubscription)
		r.Post("/accounts", a.openAccount)
		r.Post("/exports", a.startExport)
		r.Post("/reports", a.generateReport)

		r.With(mw.IdemV1).Post("/orders/{id}/pay", a.payOrder)
		r.With(mw.IdemV2).Post("/orders/{id}/cancel", a.cancelOrder)
		r.Post("/orders/{id}/coupons", a.redeemCoupon)

		r.Route("/admin", func(r chi.Router) {
			r.Post("/orders/{id}/refund-item", a.refundItem)
			r.Post("/orders/{id}/refund-shipping", a.refundShipping)
			r.Post("/shipments/{id}/label", a.buyLabel)
			r.Post("/shipments/{id}/pickup", a.schedulePickup)
			r.Post("/settlements/{id}/pay", a.settle)
		})

		r.Route("/merchant/v1", func(r chi.Router) {
			r.Post("/onboard", a.onboardMerchant)
			r.Post("/payment-links", a.createPaymentLink)
			r.Post("/payouts", a.requestPayout)
			r.Post("/webhook-endpoints", a.registerEndpoint)
			r.Post("/invoices/{id}/charge", a.chargeInvoice)
		})
	})
	r.Post("/checkout/return", a.checkoutReturn)
	return r
}
