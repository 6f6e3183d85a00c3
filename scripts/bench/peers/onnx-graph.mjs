// onnx-graph.mjs — the ONNX models bench:peers gives onnxruntime-web, written in JavaScript with
// onnx-proto (the ONNX protobuf schema for protobufjs): causal scaled dot-product attention that
// returns its output and its weights, as `attention` does, on one head or on h heads over the
// columns of Q, K and V, as `multi_head` does (no projections). Opset 17.
//
//   scores  = Q·Kᵀ / √d_k + M      M[i][j] = −∞ where j > i (causal)
//   weights = softmax(scores, last axis)
//   out     = weights · V

import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;
const TYPES = { float64: onnx.TensorProto.DataType.DOUBLE, float32: onnx.TensorProto.DataType.FLOAT };

/** A tensor initializer of `dims` holding `values` (a Float64Array or Float32Array of the model's type). */
function tensor(name, dims, values, type) {
  const t = { name, dims, dataType: TYPES[type] };
  if (type === 'float64') t.doubleData = Array.from(values);
  else t.floatData = Array.from(values);
  return onnx.TensorProto.create(t);
}

/** A graph input or output of `type` and `dims`. */
function valueInfo(name, dims, type) {
  return onnx.ValueInfoProto.create({
    name,
    type: { tensorType: { elemType: TYPES[type], shape: { dim: dims.map((d) => ({ dimValue: d })) } } },
  });
}

const node = (opType, input, output, attribute = []) => onnx.NodeProto.create({ opType, input, output, attribute });
const ints = (name, values) => onnx.AttributeProto.create({ name, ints: values, type: onnx.AttributeProto.AttributeType.INTS });
const int = (name, value) => onnx.AttributeProto.create({ name, i: value, type: onnx.AttributeProto.AttributeType.INT });

/**
 * The model's bytes: inputs Q, K, V (n × d, in `type`), outputs out (n × d) and weights (h × n × n, or n × n
 * for one head). Heads split the d columns into h slices of d / h, as multi_head does.
 */
export function attentionModel({ n, d, h = 1, type = 'float64' }) {
  const dk = d / h;
  const Array_ = type === 'float64' ? Float64Array : Float32Array;
  const mask = new Array_(n * n);
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) mask[i * n + j] = -Infinity;
  const initializer = [tensor('scale', [], new Array_([1 / Math.sqrt(dk)]), type), tensor('mask', [n, n], mask, type)];
  const nodes = [];
  let q = 'Q';
  let k = 'K';
  let v = 'V';
  if (h > 1) {
    // n × d → n × h × d_k → h × n × d_k (Q and V), h × d_k × n (K)
    initializer.push(onnx.TensorProto.create({ name: 'heads', dims: [3], dataType: onnx.TensorProto.DataType.INT64, int64Data: [n, h, dk] }));
    for (const x of ['Q', 'K', 'V']) nodes.push(node('Reshape', [x, 'heads'], [`${x}3`]));
    nodes.push(node('Transpose', ['Q3'], ['Qh'], [ints('perm', [1, 0, 2])]));
    nodes.push(node('Transpose', ['K3'], ['Kt'], [ints('perm', [1, 2, 0])]));
    nodes.push(node('Transpose', ['V3'], ['Vh'], [ints('perm', [1, 0, 2])]));
    [q, k, v] = ['Qh', 'Kt', 'Vh'];
  } else {
    nodes.push(node('Transpose', ['K'], ['Kt'], [ints('perm', [1, 0])]));
    k = 'Kt';
  }
  nodes.push(node('MatMul', [q, k], ['S']));
  nodes.push(node('Mul', ['S', 'scale'], ['Ss']));
  nodes.push(node('Add', ['Ss', 'mask'], ['Sm']));
  nodes.push(node('Softmax', ['Sm'], ['weights'], [int('axis', -1)]));
  nodes.push(node('MatMul', ['weights', v], h > 1 ? ['Oh'] : ['out']));
  if (h > 1) {
    // h × n × d_k → n × h × d_k → n × d
    initializer.push(onnx.TensorProto.create({ name: 'flat', dims: [2], dataType: onnx.TensorProto.DataType.INT64, int64Data: [n, d] }));
    nodes.push(node('Transpose', ['Oh'], ['On'], [ints('perm', [1, 0, 2])]));
    nodes.push(node('Reshape', ['On', 'flat'], ['out']));
  }
  const graph = onnx.GraphProto.create({
    name: 'attention',
    node: nodes,
    initializer,
    input: ['Q', 'K', 'V'].map((x) => valueInfo(x, [n, d], type)),
    output: [valueInfo('out', [n, d], type), valueInfo('weights', h > 1 ? [h, n, n] : [n, n], type)],
  });
  const model = onnx.ModelProto.create({ irVersion: 8, opsetImport: [{ domain: '', version: 17 }], producerName: 'attention-playground bench:peers', graph });
  return onnx.ModelProto.encode(model).finish();
}
