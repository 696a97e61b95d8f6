// The engine's dumbbell in ns-3 (validation/README.md), JIT-compiled by cppyy from ns3_dumbbell.py:
// N senders, each on its own access link (rate, one-way delay = the engine's access delay), to router A;
// A's bottleneck link (rate C, delay D) to one receiver host B that runs one packet sink per flow.
// Metrics follow the engine's definitions (engine-wasm/src/metrics.rs), counted from the warm-up on:
//   goodput     in-order payload handed to each sink (converted to wire bytes per segment by the caller)
//   utilisation wire bytes (PPP frames) leaving A's bottleneck device / (C · measured time)
//   queue       time-average packets waiting at A: queue disc backlog + the device's transmit queue
//               (the device dequeues the packet it serialises, so the one in service is excluded)
//   delay       mean sojourn from queue-disc enqueue to the start of serialisation
//   drops       queue-disc drops by the reason string ns-3 reports
//   marks       queue-disc CE marks by the reason string ns-3 reports (recorded, not compared)
// C++ rather than Python callbacks: at 1 Gbit/s the traces fire a few hundred thousand times a second.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace aqmval
{

// ns-3.44's TcpPrrRecovery without its extra segment per duplicate ACK, for the experiment
// `ns3_dumbbell.py --prr-rfc6937` (never the recorded cases). ns-3.44 adds one segment to DeliveredData on
// every duplicate ACK, which RFC 6937 §3 allows only without SACK; with SACK every ACK that SACKs new data
// is a duplicate ACK to TcpSocketBase, so recovery sends about twice what RFC 6937 allows (ns-3 issue 1350,
// fixed after 3.44 by the same change). The rest is TcpPrrRecovery's rule as in 3.44 (RecoverFS = pipe at
// entry, PRR-CRB, SSRB on an ACK of retransmitted data).
class TcpPrrRfc6937 : public ns3::TcpClassicRecovery
{
  public:
    static ns3::TypeId GetTypeId()
    {
        static ns3::TypeId tid = ns3::TypeId("aqmval::TcpPrrRfc6937")
                                     .SetParent<ns3::TcpClassicRecovery>()
                                     .AddConstructor<TcpPrrRfc6937>();
        return tid;
    }

    std::string GetName() const override
    {
        return "PrrRfc6937";
    }

    void EnterRecovery(ns3::Ptr<ns3::TcpSocketState> tcb, uint32_t, uint32_t, uint32_t delivered) override
    {
        m_out = 0;
        m_delivered = 0;
        m_recoverFs = std::max<uint64_t>(tcb->m_bytesInFlight, 1);
        DoRecovery(tcb, delivered, true);
    }

    void DoRecovery(ns3::Ptr<ns3::TcpSocketState> tcb, uint32_t delivered, bool) override
    {
        if (delivered == 0)
        {
            return;
        }
        m_delivered += delivered;
        int64_t pipe = tcb->m_bytesInFlight;
        int64_t ssthresh = tcb->m_ssThresh;
        int64_t sndcnt;
        if (pipe > ssthresh)
        {
            sndcnt = int64_t(std::ceil(double(m_delivered) * ssthresh / m_recoverFs)) - int64_t(m_out);
        }
        else
        {
            int64_t limit = std::max(int64_t(m_delivered) - int64_t(m_out), int64_t(delivered));
            if (tcb->m_isRetransDataAcked)
            {
                limit += tcb->m_segmentSize;
            }
            sndcnt = std::min(limit, ssthresh - pipe);
        }
        sndcnt = std::max(sndcnt, int64_t(m_out > 0 ? 0 : tcb->m_segmentSize));
        tcb->m_cWnd = uint32_t(pipe + sndcnt);
        tcb->m_cWndInfl = tcb->m_cWnd;
    }

    void ExitRecovery(ns3::Ptr<ns3::TcpSocketState> tcb) override
    {
        tcb->m_cWndInfl = tcb->m_cWnd;
    }

    void UpdateBytesSent(uint32_t bytes) override
    {
        m_out += bytes;
    }

    ns3::Ptr<ns3::TcpRecoveryOps> Fork() override
    {
        return ns3::CopyObject<TcpPrrRfc6937>(this);
    }

  private:
    uint64_t m_delivered = 0;
    uint64_t m_out = 0;
    uint64_t m_recoverFs = 1;
};

// Registers TcpPrrRfc6937's TypeId before a run names it.
void
RegisterExperiments()
{
    TcpPrrRfc6937::GetTypeId();
}

struct State
{
    double warmup_s = 0;
    std::vector<uint64_t> payload;
    uint64_t wire_bytes = 0;
    uint32_t qdisc_pkts = 0;
    uint32_t dev_pkts = 0;
    double last_change_s = 0;
    double q_integral = 0;
    double qdisc_integral = 0;
    std::unordered_map<uint64_t, int64_t> enqueued_at_ns;
    double sojourn_sum_s = 0;
    uint64_t departures = 0;
    std::map<std::string, uint64_t> drops;
    std::map<std::string, uint64_t> marks;
};

static State g;

inline bool
Measuring()
{
    return ns3::Simulator::Now().GetSeconds() >= g.warmup_s;
}

// Integrates the waiting packets up to now (only the part after the warm-up counts).
inline void
Integrate()
{
    double now = ns3::Simulator::Now().GetSeconds();
    double from = std::max(g.last_change_s, g.warmup_s);
    if (now > from)
    {
        g.q_integral += (g.qdisc_pkts + g.dev_pkts) * (now - from);
        g.qdisc_integral += g.qdisc_pkts * (now - from);
    }
    g.last_change_s = now;
}

void
OnQdiscPackets(uint32_t, uint32_t now)
{
    Integrate();
    g.qdisc_pkts = now;
}

void
OnDevicePackets(uint32_t, uint32_t now)
{
    Integrate();
    g.dev_pkts = now;
}

void
OnEnqueue(ns3::Ptr<const ns3::QueueDiscItem> item)
{
    g.enqueued_at_ns[item->GetPacket()->GetUid()] = ns3::Simulator::Now().GetNanoSeconds();
}

void
OnDrop(ns3::Ptr<const ns3::QueueDiscItem> item, const char* reason)
{
    g.enqueued_at_ns.erase(item->GetPacket()->GetUid());
    if (Measuring())
    {
        g.drops[reason]++;
    }
}

void
OnMark(ns3::Ptr<const ns3::QueueDiscItem>, const char* reason)
{
    if (Measuring())
    {
        g.marks[reason]++;
    }
}

void
OnTxBegin(ns3::Ptr<const ns3::Packet> p)
{
    auto it = g.enqueued_at_ns.find(p->GetUid());
    if (it == g.enqueued_at_ns.end())
    {
        return;
    }
    if (Measuring())
    {
        g.sojourn_sum_s += (ns3::Simulator::Now().GetNanoSeconds() - it->second) * 1e-9;
        g.departures++;
    }
    g.enqueued_at_ns.erase(it);
}

void
OnTxEnd(ns3::Ptr<const ns3::Packet> p)
{
    if (Measuring())
    {
        g.wire_bytes += p->GetSize();
    }
}

void
OnSinkRx(size_t flow, ns3::Ptr<const ns3::Packet> p, const ns3::Address&)
{
    if (Measuring())
    {
        g.payload[flow] += p->GetSize();
    }
}

std::string
Json()
{
    std::ostringstream o;
    o.precision(17);
    o << "{\"payload_bytes\":[";
    for (size_t i = 0; i < g.payload.size(); i++)
    {
        o << (i ? "," : "") << g.payload[i];
    }
    o << "],\"wire_bytes\":" << g.wire_bytes << ",\"q_integral\":" << g.q_integral
      << ",\"qdisc_integral\":" << g.qdisc_integral << ",\"sojourn_sum_s\":" << g.sojourn_sum_s
      << ",\"departures\":" << g.departures << ",\"drops\":{";
    bool first = true;
    for (auto& [reason, n] : g.drops)
    {
        o << (first ? "" : ",") << "\"" << reason << "\":" << n;
        first = false;
    }
    o << "},\"marks\":{";
    first = true;
    for (auto& [reason, n] : g.marks)
    {
        o << (first ? "" : ",") << "\"" << reason << "\":" << n;
        first = false;
    }
    o << "}}";
    return o.str();
}

// One run. `qdisc_attrs` are (name, value) pairs set on the bottleneck queue disc as strings, `tcp_defaults`
// (name, value) pairs of further TCP defaults (ECN: TcpSocketBase::UseEcn, TcpDctcp::UseEct0);
// per-flow vectors come from the engine (`aqm-cli flows`) so both simulators draw the same RTTs and starts.
std::string
RunCase(uint32_t run,
        double duration_s,
        double warmup_s,
        double rate_bps,
        double delay_s,
        const std::string& tcp_type,
        uint32_t segment_size,
        uint32_t buffer_bytes,
        const std::string& qdisc_type,
        const std::vector<std::string>& qdisc_attrs,
        const std::vector<std::string>& tcp_defaults,
        const std::vector<double>& access_delay_s,
        const std::vector<double>& access_rate_bps,
        const std::vector<double>& start_s)
{
    using namespace ns3;
    g = State();
    g.warmup_s = warmup_s;
    size_t n = access_delay_s.size();
    g.payload.assign(n, 0);

    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(run);
    // ns-3's TCP defaults stay as they are (SACK, PRR, Limited Transmit, IW10, delayed ACK, min RTO 1 s,
    // timestamps); only the variant, the segment size and buffers large enough not to limit the window.
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TypeId::LookupByName(tcp_type)));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segment_size));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(buffer_bytes));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(buffer_bytes));
    for (size_t i = 0; i + 1 < tcp_defaults.size(); i += 2)
    {
        Config::SetDefault(tcp_defaults[i], StringValue(tcp_defaults[i + 1]));
    }

    NodeContainer senders;
    senders.Create(n);
    Ptr<Node> a = CreateObject<Node>();
    Ptr<Node> b = CreateObject<Node>();
    InternetStackHelper stack;
    stack.Install(senders);
    stack.Install(a);
    stack.Install(b);

    PointToPointHelper bottleneck;
    bottleneck.SetDeviceAttribute("DataRate", DataRateValue(DataRate(uint64_t(rate_bps))));
    bottleneck.SetChannelAttribute("Delay", TimeValue(Seconds(delay_s)));
    // One packet of device queue: the queue disc holds the backlog (flow control stops it when full).
    bottleneck.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("1p"));
    NetDeviceContainer core = bottleneck.Install(a, b);

    TrafficControlHelper tch;
    tch.SetRootQueueDisc(qdisc_type);
    QueueDiscContainer qdiscs = tch.Install(core.Get(0));
    Ptr<QueueDisc> q = qdiscs.Get(0);
    for (size_t i = 0; i + 1 < qdisc_attrs.size(); i += 2)
    {
        q->SetAttribute(qdisc_attrs[i], StringValue(qdisc_attrs[i + 1]));
    }

    Ipv4AddressHelper addr;
    addr.SetBase("10.0.0.0", "255.255.255.252");
    Ipv4InterfaceContainer coreIf = addr.Assign(core);
    addr.NewNetwork();
    for (size_t i = 0; i < n; i++)
    {
        PointToPointHelper access;
        access.SetDeviceAttribute("DataRate", DataRateValue(DataRate(uint64_t(access_rate_bps[i]))));
        access.SetChannelAttribute("Delay", TimeValue(Seconds(access_delay_s[i])));
        access.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("100000p"));
        NetDeviceContainer d = access.Install(senders.Get(i), a);
        addr.Assign(d);
        addr.NewNetwork();
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    // Fixed random streams: ns-3 numbers the streams of its random variables in creation order across
    // the whole process, so without this a case's result would depend on the cases run before it.
    NodeContainer all(senders);
    all.Add(a);
    all.Add(b);
    int64_t stream = stack.AssignStreams(all, 1000);
    if (auto red = DynamicCast<RedQueueDisc>(q))
    {
        red->AssignStreams(stream);
    }
    if (auto pie = DynamicCast<PieQueueDisc>(q))
    {
        pie->AssignStreams(stream);
    }

    for (size_t i = 0; i < n; i++)
    {
        uint16_t port = 10000 + i;
        PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer s = sink.Install(b);
        s.Start(Seconds(0));
        s.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&OnSinkRx, i));
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(coreIf.GetAddress(1), port));
        bulk.SetAttribute("MaxBytes", UintegerValue(0));
        bulk.SetAttribute("SendSize", UintegerValue(segment_size));
        ApplicationContainer c = bulk.Install(senders.Get(i));
        c.Start(Seconds(start_s[i]));
    }

    q->TraceConnectWithoutContext("PacketsInQueue", MakeCallback(&OnQdiscPackets));
    q->TraceConnectWithoutContext("Enqueue", MakeCallback(&OnEnqueue));
    q->TraceConnectWithoutContext("DropBeforeEnqueue", MakeCallback(&OnDrop));
    q->TraceConnectWithoutContext("DropAfterDequeue", MakeCallback(&OnDrop));
    q->TraceConnectWithoutContext("Mark", MakeCallback(&OnMark));
    Ptr<PointToPointNetDevice> dev = DynamicCast<PointToPointNetDevice>(core.Get(0));
    dev->GetQueue()->TraceConnectWithoutContext("PacketsInQueue", MakeCallback(&OnDevicePackets));
    dev->TraceConnectWithoutContext("PhyTxBegin", MakeCallback(&OnTxBegin));
    dev->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&OnTxEnd));

    Simulator::Stop(Seconds(duration_s));
    Simulator::Run();
    Integrate();
    std::string out = Json();
    Simulator::Destroy();
    return out;
}

} // namespace aqmval
