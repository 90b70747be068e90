// Package grpcapi serves the back-office Orders service over gRPC. The
// messages are the protobuf well-known types; the service descriptor is
// written by hand, as protoc-gen-go-grpc would write it.
package grpcapi

import (
	"context"
	"errors"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/service"
)

// OrdersServer is the back-office API.
type OrdersServer interface {
	ConfirmOrder(context.Context, *wrapperspb.Int64Value) (*emptypb.Empty, error)
	ShipOrder(context.Context, *structpb.Struct) (*emptypb.Empty, error)
	ApplyReferral(context.Context, *structpb.Struct) (*wrapperspb.BoolValue, error)
	AwardLoyalty(context.Context, *wrapperspb.Int64Value) (*emptypb.Empty, error)
}

type Server struct {
	Orders   *service.OrderService
	Accounts *service.AccountService
}

func toStatus(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, domain.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, domain.ErrInvalidState):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, domain.ErrConflict):
		return status.Error(codes.AlreadyExists, err.Error())
	}
	return status.Error(codes.Internal, "internal error")
}

func (s *Server) ConfirmOrder(ctx context.Context, in *wrapperspb.Int64Value) (*emptypb.Empty, error) {
	o, err := s.Orders.Orders.Get(ctx, in.GetValue())
	if err != nil {
		return nil, toStatus(err)
	}
	return &emptypb.Empty{}, toStatus(s.Orders.Confirm(ctx, o))
}

func (s *Server) ShipOrder(ctx context.Context, in *structpb.Struct) (*emptypb.Empty, error) {
	f := in.GetFields()
	o, err := s.Orders.Orders.Get(ctx, int64(f["order_id"].GetNumberValue()))
	if err != nil {
		return nil, toStatus(err)
	}
	return &emptypb.Empty{}, toStatus(s.Orders.MarkShipped(ctx, o, f["tracking"].GetStringValue()))
}

func (s *Server) ApplyReferral(ctx context.Context, in *structpb.Struct) (*wrapperspb.BoolValue, error) {
	f := in.GetFields()
	referrer, referee := int64(f["referrer_id"].GetNumberValue()), int64(f["referee_id"].GetNumberValue())
	if f["partner"].GetBoolValue() {
		applied, err := s.Accounts.ApplyPartnerReferral(ctx, referrer, referee)
		return wrapperspb.Bool(applied), toStatus(err)
	}
	if err := s.Accounts.ApplyReferral(ctx, referrer, referee); err != nil {
		return nil, toStatus(err)
	}
	return wrapperspb.Bool(true), nil
}

func (s *Server) AwardLoyalty(ctx context.Context, in *wrapperspb.Int64Value) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, toStatus(s.Orders.AwardLoyalty(ctx, in.GetValue()))
}

func Register(gs *grpc.Server, srv OrdersServer) { gs.RegisterService(&ordersServiceDesc, srv) }

func unary[Req any, Resp any](method string, call func(OrdersServer, context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	return grpc.MethodDesc{
		MethodName: method,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			if interceptor == nil {
				return call(srv.(OrdersServer), ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: "/shop.v1.Orders/" + method}
			return interceptor(ctx, in, info, func(ctx context.Context, req any) (any, error) {
				return call(srv.(OrdersServer), ctx, req.(*Req))
			})
		},
	}
}

var ordersServiceDesc = grpc.ServiceDesc{
	ServiceName: "shop.v1.Orders",
	HandlerType: (*OrdersServer)(nil),
	Methods: []grpc.MethodDesc{
		unary("ConfirmOrder", OrdersServer.ConfirmOrder),
		unary("ShipOrder", OrdersServer.ShipOrder),
		unary("ApplyReferral", OrdersServer.ApplyReferral),
		unary("AwardLoyalty", OrdersServer.AwardLoyalty),
	},
	Metadata: "shop/v1/orders.proto",
}
