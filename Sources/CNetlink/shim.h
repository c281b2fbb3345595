// The one header through which Swift sees libnl-genl-3 and the nl80211 definitions.
#ifndef ATTENDANCE_CNETLINK_SHIM_H
#define ATTENDANCE_CNETLINK_SHIM_H

#include <netlink/netlink.h>
#include <netlink/msg.h>
#include <netlink/attr.h>
#include <netlink/errno.h>
#include <netlink/handlers.h>
#include <netlink/socket.h>
#include <netlink/genl/genl.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/family.h>
#include <linux/nl80211.h>
#include <linux/if_ether.h>

#endif
